// The rspack configuration every Yoman app shares, the shell and the remotes alike: TypeScript through
// SWC, hashed file names in production, the Module Federation plugin with the shared singletons, the
// app's own index.html and a dev server on the app's port (from remotes.config.mjs). Each app adds only
// what is its own: where it builds to, its public path, what it exposes and its dev-server extras.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import {
  federationExperimentsOf,
  runtimeHostDefinitions,
  SHARED_FROM,
  shared,
  shareStrategy,
} from './federation-shared.mjs';
import { PreloadFontsPlugin } from './preload-fonts.mjs';

/** The build output of every app lives under dist/web at the repository root. */
export const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));

const GATEWAY_URL = process.env.YOMAN_GATEWAY_URL ?? 'http://127.0.0.1:3000';
const require = createRequire(import.meta.url);

/**
 * An rspack config function for the app `name` whose config file is at `configUrl` (import.meta.url).
 * `output` is merged into the shared output options; `federation` into the plugin's options (exposes,
 * remotes, filename); `devServer` into the dev server's. `federation: false` builds a host without the
 * federation plugin (the shell): it bundles its libraries like any app and starts the federation runtime
 * itself when it first loads a remote (shell/src/remotes/federationHost.ts), with the versions of the
 * shared libraries the plugin would have read. `ownReact` lists the app's folders that build element trees
 * for a custom React renderer (react-pdf), which get React itself in production (see reactOfRenderers).
 */
export function appRspackConfig({
  name,
  devPort,
  configUrl,
  output,
  federation = {},
  devServer = {},
  ownReact = [],
}) {
  const here = fileURLToPath(new URL('.', configUrl));
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const hashed = (kind) => (production ? `[name].[contenthash:8].${kind}` : `[name].${kind}`);
    return {
      name,
      context: here,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        filename: hashed('js'),
        chunkFilename: hashed('js'),
        cssFilename: hashed('css'),
        cssChunkFilename: hashed('css'),
        uniqueName: `yoman_${name}`,
        ...output,
        path: resolve(here, output.path),
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
        // What the remotes get as a shared module, the host without the plugin bundles itself.
        alias: { ...(federation ? {} : aliasesOfSharedFrom()), ...(production ? PREACT_FOR_REACT : {}) },
      },
      module: { rules: moduleRules(production) },
      plugins: [
        federation
          ? new ModuleFederationPlugin({
              name,
              shared,
              // mf-manifest.json: the file the remotes manifest points at, for the shell to find remoteEntry.js.
              manifest: true,
              dts: false,
              experiments: federationExperimentsOf({ production }),
              shareStrategy,
              ...federation,
            })
          : new rspack.DefinePlugin(runtimeHostDefinitions()),
        new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'body', scriptLoading: 'defer' }),
        new PreloadFontsPlugin(),
        ...(production ? [reactOfRenderers(ownReact.map((folder) => resolve(here, folder)))] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        // Hot module replacement breaks the federated chunk loading ("reading 'push'"); live reload is enough.
        hot: false,
        proxy: [{ context: ['/api'], target: GATEWAY_URL }],
        ...devServer,
      },
    };
  };
}

// In production every app renders with Preact (preact/compat in React's place: some 10 KB gzipped instead
// of react-dom's 60), one shared instance on the page. Development and the tests keep React.
const PREACT_FOR_REACT = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

// react-pdf renders with its own React reconciler, which needs React itself, not Preact: its packages and
// the app folders that build its element trees (`folders`) import React's own files, bundled in the
// report's chunk, instead of the shared 'react' (the request is rewritten before sharing matches it).
function reactOfRenderers(folders) {
  const renderers = [/[\\/]node_modules[\\/]@react-pdf[\\/]/u];
  const reactFile = (request) => require.resolve(request);
  return new rspack.NormalModuleReplacementPlugin(/^react(\/jsx-(dev-)?runtime)?$/u, (resource) => {
    const issuer = resource.contextInfo?.issuer ?? '';
    const ofRenderer =
      renderers.some((pattern) => pattern.test(issuer)) ||
      folders.some((folder) => issuer.startsWith(folder));
    if (ofRenderer) resource.request = reactFile(resource.request);
  });
}

const aliasesOfSharedFrom = () =>
  Object.fromEntries(Object.entries(SHARED_FROM).map(([request, file]) => [`${request}$`, file]));

function moduleRules(production) {
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      type: 'javascript/auto',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: !production } },
        },
      },
    },
    { test: /\.css$/, type: 'css/auto' },
    {
      test: /\.(woff2?|ttf|eot)$/,
      type: 'asset/resource',
      generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
    },
    { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/resource' },
  ];
}
