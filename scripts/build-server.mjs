// `node scripts/build-server.mjs`: compiles each service's entry (services/<name>/src/main.ts) with the
// workspace packages it imports into one ES module, services/<name>/dist/main.mjs, so processes start with
// plain `node` instead of compiling TypeScript through tsx at run time. npm packages stay external (loaded
// from node_modules as usual). The file sits at the same depth as src/, so paths it builds from
// import.meta.url (the front end's dist/web) resolve the same.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './ensure-installed.mjs';

const workspacePackage = /^@yoman\//;

/** Keeps every bare import but the workspace's own packages out of the bundle. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      workspacePackage.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

export const serverEntries = () =>
  readdirSync(join(repoRoot, 'services'))
    .map((name) => ({ name, entry: join(repoRoot, 'services', name, 'src', 'main.ts') }))
    .filter(({ entry }) => existsSync(entry));

export async function buildServer() {
  for (const { name, entry } of serverEntries()) {
    await build({
      entryPoints: [entry],
      outfile: join(repoRoot, 'services', name, 'dist', 'main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalNpmPackages],
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
