// Every remote's build: it exposes ./routes (its route objects and menu entries) to the shell, emits
// remoteEntry.js and mf-manifest.json under dist/web/remotes/<name>/, and its own index.html renders those
// routes standalone inside the ui providers, so the remote's team can build, run and deploy it alone.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { federationExperiments, shared } from './federation-shared.mjs';

/** The rspack configuration of the remote `remoteName`, whose config file is at `configUrl` (import.meta.url). */
export function remoteRspackConfig({ remoteName, devPort, configUrl }) {
  const here = fileURLToPath(new URL('.', configUrl));
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const hashed = (kind) => (production ? `[name].[contenthash:8].${kind}` : `[name].${kind}`);
    return {
      name: remoteName,
      context: here,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: resolve(here, `../dist/web/remotes/${remoteName}`),
        // 'auto': chunks load from wherever remoteEntry.js was served, so the remote can live on any origin.
        publicPath: 'auto',
        filename: hashed('js'),
        chunkFilename: hashed('js'),
        cssFilename: hashed('css'),
        cssChunkFilename: hashed('css'),
        uniqueName: `yoman_${remoteName}`,
        clean: true,
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
          name: remoteName,
          filename: 'remoteEntry.js',
          exposes: { './routes': './src/routes' },
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
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.YOMAN_GATEWAY_URL ?? 'http://127.0.0.1:3000' }],
      },
    };
  };
}
