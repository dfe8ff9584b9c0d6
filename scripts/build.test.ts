import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { remotes, shell } from '../remotes.config.mjs';
import { shared } from '../ui/federation-shared.mjs';
import { APPS, preloadStartScripts } from './build.mjs';

const root = resolve(import.meta.dirname, '..');

type RspackConfig = {
  name: string;
  context: string;
  output: { path: string };
  resolve: { alias: Record<string, string> };
  devServer: { port: number };
  plugins: {
    name?: string;
    _args?: unknown[];
    _options?: { shareStrategy?: string; experiments?: Record<string, unknown> };
  }[];
};

type Resource = { request: string; contextInfo: { issuer: string } };

async function configOf(folder: string, mode = 'production'): Promise<RspackConfig> {
  const { default: configFor } = await import(pathToFileURL(join(root, folder, 'rspack.config.mjs')).href);
  return configFor({}, { mode });
}

const federationOptionsOf = (config: RspackConfig) => {
  const options = config.plugins.find((plugin) => plugin._options?.shareStrategy)?._options;
  if (!options) throw new Error(`${config.name} has no Module Federation plugin`);
  return options;
};

describe('the build (scripts/build.mjs) and the front-end registry', () => {
  it('builds the shell, then every registered remote into dist/web/remotes/<name>', () => {
    expect(APPS.map(({ name, dir }: { name: string; dir: string }) => [name, dir])).toEqual([
      [shell.name, shell.folder],
      ...remotes.map(({ name, folder }) => [name, folder]),
    ]);
  });

  it("gives each app's rspack config the registry's name, folder, output folder and dev port", async () => {
    for (const app of [shell, ...remotes]) {
      const config = await configOf(app.folder);
      const outDir = app === shell ? 'dist/web' : `dist/web/remotes/${app.name}`;
      expect(config.name).toBe(app.name);
      expect(resolve(config.context)).toBe(join(root, app.folder));
      expect(config.output.path).toBe(join(root, outDir));
      expect(config.devServer.port).toBe(app.devPort);
    }
  });

  it('puts one federation runtime on the page, started by the shell only when a remote loads', async () => {
    const host = await configOf(shell.folder);
    expect(host.plugins.some((plugin) => plugin._options?.shareStrategy)).toBe(false);
    const definitions = host.plugins
      .filter((plugin) => plugin.name === 'DefinePlugin')
      .map((plugin) => (plugin._args?.[0] ?? {}) as Record<string, string>)
      .find((values) => 'YOMAN_SHARED_VERSIONS' in values);
    const versions = JSON.parse(definitions?.YOMAN_SHARED_VERSIONS ?? '{}');
    expect(Object.keys(versions).sort()).toEqual(Object.keys(shared).sort());
    expect(versions.react).toEqual({ version: expect.stringMatching(/^19\./u), requiredVersion: '^19.3.1' });
    for (const remote of remotes) {
      const built = federationOptionsOf(await configOf(remote.folder));
      expect(built.shareStrategy, remote.name).toBe('loaded-first');
      expect(built.experiments, remote.name).toMatchObject({ externalRuntime: true });
      // Standalone on its own dev server, a remote still brings its own runtime.
      const standalone = federationOptionsOf(await configOf(remote.folder, 'development'));
      expect(standalone.experiments?.externalRuntime, remote.name).toBeUndefined();
    }
  });

  it('renders with Preact in production, React in development, and gives react-pdf React itself', async () => {
    for (const app of [shell, ...remotes]) {
      const production = await configOf(app.folder);
      expect(production.resolve.alias, app.name).toMatchObject({
        react$: 'preact/compat',
        'react-dom$': 'preact/compat',
        'react-dom/client$': 'preact/compat/client',
        'react/jsx-runtime$': 'preact/compat/jsx-runtime',
      });
      const development = await configOf(app.folder, 'development');
      expect(development.resolve.alias.react$, app.name).toBeUndefined();
    }
    const journal = await configOf('mfe-journal');
    const [pattern, replace] = (journal.plugins.find(
      (plugin) => plugin.name === 'NormalModuleReplacementPlugin',
    )?._args ?? []) as unknown as [RegExp, (resource: Resource) => void];
    const requestFrom = (issuer: string, request = 'react') => {
      const resource = { request, contextInfo: { issuer } };
      if (pattern.test(request)) replace(resource);
      return resource.request;
    };
    const reactFile = createRequire(import.meta.url).resolve('react/jsx-runtime');
    expect(requestFrom(join(root, 'node_modules/@react-pdf/reconciler/lib/index.js'))).toMatch(
      /react[\\/]index\.js$/u,
    );
    expect(
      requestFrom(join(root, 'mfe-journal/src/analytics/report/AnalyticsReport.tsx'), 'react/jsx-runtime'),
    ).toBe(reactFile);
    // Everything else shares the page's instance (Preact in production).
    expect(requestFrom(join(root, 'mfe-journal/src/analytics/AnalyticsScreen.tsx'))).toBe('react');
  });

  it("preloads the bootstrap chunk, its libraries and the page's first screen, beside main.js", () => {
    const chunk = (id: number, files: string[]) => ({ id, files, modules: [], origins: [] });
    const stats = {
      entrypoints: { main: { chunks: [1] } },
      namedChunkGroups: {
        bootstrap: { chunks: [2, 3] },
        layout: { chunks: [4] },
        'auth-screen': { chunks: [3, 5] },
      },
      chunks: [
        chunk(1, ['main.aaaaaaaa.js']),
        chunk(2, ['bootstrap.bbbbbbbb.js']),
        chunk(3, ['react.cccccccc.js']),
        chunk(4, ['layout.dddddddd.js']),
        chunk(5, ['auth-screen.eeeeeeee.js']),
      ],
    };
    const page = '<html><head><title>יומן</title></head><body></body></html>';
    const start =
      '<link rel="preload" as="script" href="/bootstrap.bbbbbbbb.js">' +
      '<link rel="preload" as="script" href="/react.cccccccc.js">';
    expect(preloadStartScripts(stats, page, 'layout')).toBe(
      `<html><head><title>יומן</title>${start}` +
        '<link rel="preload" as="script" href="/layout.dddddddd.js"></head><body></body></html>',
    );
    // The auth screen's group holds the react chunk too: it is preloaded once, with the start scripts.
    expect(preloadStartScripts(stats, page, 'auth-screen')).toBe(
      `<html><head><title>יומן</title>${start}` +
        '<link rel="preload" as="script" href="/auth-screen.eeeeeeee.js"></head><body></body></html>',
    );
  });
});
