// `node scripts/build-server.mjs`: compiles each service's entry (services/<name>/src/main.ts) and the
// gateway's commands the deployments run (cli/prepare.ts, serve-static.ts, rebuild-projections.ts), with the
// workspace packages they import, into one ES module each in services/<name>/dist/ (main.mjs, prepare.mjs, …),
// so processes start with plain `node` instead of compiling TypeScript through tsx at run time. npm packages stay external (loaded from node_modules as usual). The files sit at the same depth as
// src/, so paths built from import.meta.url (the front end's dist/web) resolve the same. Each file is written
// beside its final name and renamed into place, so a process started meanwhile never reads half a file.
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './ensure-installed.mjs';

const workspacePackage = /^@yoman\//;

/** The one-shot commands of the gateway that docker-compose.yml and infra/k8s run besides the services. */
const GATEWAY_COMMANDS = [
  'services/gateway/src/cli/prepare.ts',
  'services/gateway/src/cli/serve-static.ts',
  'services/gateway/src/cli/rebuild-projections.ts',
];

/** Keeps every bare import but the workspace's own packages out of the bundle. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      workspacePackage.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** The compiled file of a source entry, relative to the repository: services/x/src/(cli/)y.ts → services/x/dist/y.mjs. */
export function compiledEntryOf(source) {
  const match = /^services\/([\w-]+)\/src\/(?:cli\/)?([\w-]+)\.ts$/.exec(source);
  if (!match) throw new Error(`${source} is not a service entry (services/<name>/src/[cli/]<file>.ts)`);
  return `services/${match[1]}/dist/${match[2]}.mjs`;
}

/** Every source entry compiled, relative to the repository. */
export const serverEntries = () => [
  ...readdirSync(join(repoRoot, 'services'))
    .map((name) => `services/${name}/src/main.ts`)
    .filter((entry) => existsSync(join(repoRoot, entry))),
  ...GATEWAY_COMMANDS,
];

/**
 * Bundles one TypeScript entry (an absolute path) with the workspace packages into one ES module at
 * `outfile`, npm packages left external. The bench compiles its server processes the same way.
 */
export async function bundleEntry(entryPath, outfile) {
  const result = await build({
    entryPoints: [entryPath],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
    write: false,
  });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    // esbuild creates no folder when it does not write: a fresh checkout has no dist/ yet.
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

const buildEntry = (entry) => bundleEntry(join(repoRoot, entry), join(repoRoot, compiledEntryOf(entry)));

export async function buildServer() {
  await Promise.all(serverEntries().map(buildEntry));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
