import { describe, expect, it } from 'vitest';
import { remotes } from '../../../remotes.config.mjs';
import { asRemoteRoutesModule } from './remoteModule';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { eager: true }): Record<string, unknown>;
  }
}

// Every remote folder's routes module, as the build exposes it ('./routes').
const routesModules = import.meta.glob('../../../mfe-*/src/routes.tsx', { eager: true });
const routesOf = (folder: string) => routesModules[`../../../${folder}/src/routes.tsx`];

const under = (prefixes: readonly string[], path: string) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

describe('the front-end registry (remotes.config.mjs)', () => {
  it('lists every remote folder, and every listed remote has a routes module', () => {
    const folders = Object.keys(routesModules).map((path) => path.split('/')[3]);
    expect(remotes.map(({ folder }) => folder).sort()).toEqual(folders.sort());
  });

  it("gives each remote the prefixes its routes and menu entries live under ('/' is the shell's)", () => {
    for (const { name, folder, prefixes, menu } of remotes) {
      const module = asRemoteRoutesModule(name, routesOf(folder));
      const paths = [...module.routes.map((route) => route.path ?? ''), ...menu.map((entry) => entry.path)];
      const outside = paths.filter((path) => path !== '/' && !under(prefixes, path));
      expect(outside, name).toEqual([]);
    }
  });

  it('gives every remote its own name, folder, port and prefixes', () => {
    for (const key of ['name', 'folder', 'devPort'] as const) {
      expect(new Set(remotes.map((remote) => remote[key])).size, key).toBe(remotes.length);
    }
    const prefixes = remotes.flatMap((remote) => remote.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
