// Every remote's build: it exposes ./routes (its route objects and menu entries) to the shell, emits
// remoteEntry.js and mf-manifest.json under dist/web/remotes/<name>/, and its own index.html renders those
// routes standalone inside the ui providers, so the remote's team can build, run and deploy it alone.
// Its name and dev port come from the registry (remotes.config.mjs); the rest is ui/rspack-app.mjs.
import { REMOTE_ENTRY_FILE, remoteNamed } from '../remotes.config.mjs';
import { appRspackConfig } from './rspack-app.mjs';

/**
 * The rspack configuration of the registered remote `remoteName`, whose config file is at `configUrl`;
 * `ownReact`: its folders that build a custom React renderer's element trees (ui/rspack-app.mjs).
 */
export function remoteRspackConfig({ remoteName, configUrl, ownReact }) {
  const { name, devPort } = remoteNamed(remoteName);
  return appRspackConfig({
    name,
    devPort,
    configUrl,
    output: {
      path: `../dist/web/remotes/${name}`,
      // 'auto': chunks load from wherever remoteEntry.js was served, so the remote can live on any origin.
      publicPath: 'auto',
      clean: true,
    },
    federation: { filename: REMOTE_ENTRY_FILE, exposes: { './routes': './src/routes' } },
    devServer: { headers: { 'Access-Control-Allow-Origin': '*' } },
    ownReact,
  });
}
