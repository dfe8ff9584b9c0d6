// The Module Federation host. It knows no remote at build time: the remotes are found at run time from
// GET /remotes-manifest.json (see src/remotes/), so each remote can be deployed on its own.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { federationExperiments, shared } from '../ui/federation-shared.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const devPort = 3100;

/** The remotes' dev servers (their rspack.config.mjs ports), for `rspack serve` of the shell. */
const DEV_REMOTES = [
  { name: 'journal', entry: 'http://127.0.0.1:3101/mf-manifest.json' },
  { name: 'leagues', entry: 'http://127.0.0.1:3102/mf-manifest.json' },
  { name: 'mentor', entry: 'http://127.0.0.1:3103/mf-manifest.json' },
];

export default (_env, argv = {}) => {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  const hashed = (kind) => (production ? `[name].[contenthash:8].${kind}` : `[name].${kind}`);
  return {
    name: 'shell',
    context: here,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: resolve(here, '../dist/web'),
      // Absolute, because the shell's HTML answers deep links such as /mentor/students (SPA fallback).
      publicPath: '/',
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      cssFilename: hashed('css'),
      cssChunkFilename: hashed('css'),
      uniqueName: 'yoman_shell',
      // The remotes build into dist/web/remotes/<name> on their own; cleaning the shell must not delete them.
      clean: { keep: (file) => /(^|[\\/])remotes([\\/]|$)/.test(file) },
    },
    resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    module: {
      rules: [
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
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared,
        manifest: true,
        dts: false,
        experiments: federationExperiments,
      }),
      new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'body', scriptLoading: 'defer' }),
    ],
    performance: { hints: false },
    devServer: {
      port: devPort,
      host: '127.0.0.1',
      historyApiFallback: true,
      // Hot module replacement breaks the federated chunk loading ("reading 'push'"); live reload is enough.
      hot: false,
      // In development the shell lists the remotes' own dev servers, and the gateway answers /api.
      setupMiddlewares: (middlewares) => [
        {
          name: 'remotes-manifest',
          path: '/remotes-manifest.json',
          middleware: (_request, response) => {
            response.setHeader('content-type', 'application/json');
            response.end(JSON.stringify({ remotes: DEV_REMOTES }));
          },
        },
        ...middlewares,
      ],
      proxy: [{ context: ['/api'], target: process.env.YOMAN_GATEWAY_URL ?? 'http://127.0.0.1:3000' }],
    },
  };
};
