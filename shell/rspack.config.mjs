// The Module Federation host. It knows no remote at build time: the remotes are found at run time from
// GET /remotes-manifest.json (see src/remotes/), so each remote can be deployed on its own.
import { remotesManifestOf, shell } from '../remotes.config.mjs';
import { appRspackConfig } from '../ui/rspack-app.mjs';

export default appRspackConfig({
  name: shell.name,
  devPort: shell.devPort,
  configUrl: import.meta.url,
  output: {
    path: '../dist/web',
    // Absolute, because the shell's HTML answers deep links such as /mentor/students (SPA fallback).
    publicPath: '/',
    // The remotes build into dist/web/remotes/<name> on their own; cleaning the shell must not delete them.
    clean: { keep: (file) => /(^|[\\/])remotes([\\/]|$)/.test(file) },
  },
  // No federation plugin: the shell starts the federation runtime itself when it first loads a remote
  // (src/remotes/federationHost.ts), so neither /auth nor the layout downloads it before they paint.
  federation: false,
  devServer: {
    // In development the shell lists the remotes' own dev servers, and the gateway answers /api.
    setupMiddlewares: (middlewares) => [
      {
        name: 'remotes-manifest',
        path: '/remotes-manifest.json',
        middleware: (_request, response) => {
          const manifest = remotesManifestOf(({ devPort }) => `http://127.0.0.1:${devPort}/mf-manifest.json`);
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(manifest));
        },
      },
      ...middlewares,
    ],
  },
});
