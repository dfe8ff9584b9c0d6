import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { remotes, shell } from '../remotes.config.mjs';
import { APPS } from './build.mjs';

const root = resolve(import.meta.dirname, '..');

type RspackConfig = { name: string; context: string; output: { path: string }; devServer: { port: number } };

async function configOf(folder: string): Promise<RspackConfig> {
  const { default: configFor } = await import(pathToFileURL(join(root, folder, 'rspack.config.mjs')).href);
  return configFor({}, { mode: 'production' });
}

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
});
