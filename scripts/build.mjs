// npm run build: builds the shell and the three remotes into dist/web (one after another: the machines
// have two cores), then reports what the browser downloads and fails when /auth is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(root, 'dist/web');

/** The apps in build order: the shell first, because its output directory holds the remotes. */
export const APPS = [
  { name: 'shell', dir: 'shell', outDir: webRoot },
  { name: 'journal', dir: 'mfe-journal', outDir: join(webRoot, 'remotes/journal') },
  { name: 'leagues', dir: 'mfe-leagues', outDir: join(webRoot, 'remotes/leagues') },
  { name: 'mentor', dir: 'mfe-mentor', outDir: join(webRoot, 'remotes/mentor') },
];

/** Gzipped JavaScript the browser may download before the first paint of /auth (issue 3). */
export const AUTH_BUDGET_BYTES = 200 * 1024;

/** The exit code of a complete build whose /auth download is over budget. */
export const OVER_BUDGET_EXIT_CODE = 2;

const STATS_OPTIONS = {
  all: false,
  chunks: true,
  chunkModules: true,
  chunkOrigins: true,
  entrypoints: true,
  errors: true,
  warnings: true,
};

async function buildApp(app) {
  const configUrl = pathToFileURL(join(root, app.dir, 'rspack.config.mjs')).href;
  const { default: configFor } = await import(configUrl);
  const compiler = rspack(configFor({}, { mode: 'production' }));
  const stats = await new Promise((done, fail) =>
    compiler.run((error, result) => (error ? fail(error) : done(result))),
  );
  await new Promise((done) => compiler.close(done));
  const json = stats.toJson(STATS_OPTIONS);
  if (stats.hasErrors()) {
    for (const error of json.errors ?? []) console.error(error.message);
    throw new Error(`${app.name} did not build`);
  }
  return json;
}

const gzipSizeOf = (dir, file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// What a dynamic import costs: the chunks of its chunk group (found by the import request that created
// them), plus, for the shell, every shared library it provides: the bootstrap imports all of them
// (react, react-dom, the router, redux, styled-components, @yoman/ui), and Module Federation loads a
// shared module's chunks before the code that consumes it runs.
function filesOfImport(stats, request) {
  const files = new Set();
  for (const chunk of stats.chunks) {
    if ((chunk.origins ?? []).some((origin) => origin.request === request)) {
      for (const file of chunk.files ?? []) files.add(file);
    }
  }
  if (files.size === 0)
    throw new Error(`No chunk is loaded by import('${request}'): the size report is out of date`);
  return files;
}

function entryFiles(stats, entryName) {
  const entry = stats.entrypoints?.[entryName];
  return new Set((entry?.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name)));
}

function federationStats(dir) {
  return JSON.parse(readFileSync(join(dir, 'mf-stats.json'), 'utf8'));
}

function sharedFiles(dir) {
  return federationStats(dir).shared.flatMap((shared) => shared.assets.js.sync);
}

function javascriptGzip(dir, files) {
  return [...files]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSizeOf(dir, file), 0);
}

/** What the shell costs before the first paint of /auth and of the signed-in layout. */
export function shellReport(stats) {
  const start = [
    ...entryFiles(stats, 'main'),
    ...filesOfImport(stats, './bootstrap'),
    ...sharedFiles(webRoot),
  ];
  const auth = new Set([...start, ...filesOfImport(stats, './auth/AuthScreen')]);
  const layout = new Set([...start, ...filesOfImport(stats, './layout/Layout')]);
  // Some libraries share chunks (react-router-dom re-exports react-router): each counts only files not
  // already counted for a bigger one, so the list adds up.
  const bySize = federationStats(webRoot)
    .shared.map((item) => ({ name: item.name, files: item.assets.js.sync }))
    .sort((a, b) => javascriptGzip(webRoot, b.files) - javascriptGzip(webRoot, a.files));
  const counted = new Set();
  const shared = bySize.map(({ name, files }) => {
    const fresh = files.filter((file) => !counted.has(file));
    for (const file of fresh) counted.add(file);
    return [name, javascriptGzip(webRoot, fresh)];
  });
  return {
    auth: { files: auth.size, gzip: javascriptGzip(webRoot, auth) },
    layout: { files: layout.size, gzip: javascriptGzip(webRoot, layout) },
    shared,
    entry: javascriptGzip(webRoot, entryFiles(stats, 'main')),
  };
}

/** A remote's cost: its entry, its routes module, and the requests in sequence before it renders. */
export function remoteReport(app, stats) {
  const routes = federationStats(app.outDir).exposes.find((exposed) => exposed.path === './routes');
  if (!routes) throw new Error(`${app.name} does not expose ./routes`);
  const routesFiles = routes.assets.js.sync;
  // A screen the routes module imports lazily is one more round trip after the routes chunks.
  const lazyScreens = stats.chunks.some((chunk) =>
    (chunk.origins ?? []).some(
      (origin) => /src\/routes\.tsx?$/u.test(origin.moduleName ?? '') && origin.request,
    ),
  );
  // remotes-manifest.json (fetched at start-up, beside the session check) → mf-manifest.json →
  // remoteEntry.js → the routes chunks (in parallel) → a lazy screen's chunk. Every shared library is
  // already on the page, provided by the shell, so none adds a request.
  return {
    entryGzip: gzipSizeOf(app.outDir, 'remoteEntry.js'),
    routesGzip: javascriptGzip(app.outDir, routesFiles),
    sequentialRequests: 3 + (routesFiles.length > 0 ? 1 : 0) + (lazyScreens ? 1 : 0),
  };
}

function printReport(shell, remotes) {
  console.log('\nSize report (gzip -9 of the emitted JavaScript)');
  console.log(
    `  /auth before first paint:   ${kb(shell.auth.gzip)} in ${shell.auth.files} files (budget ${kb(AUTH_BUDGET_BYTES)})`,
  );
  console.log(`  layout before first paint:  ${kb(shell.layout.gzip)} in ${shell.layout.files} files`);
  console.log(
    `    of which the shell entry (Module Federation runtime): ${kb(shell.entry)}; shared libraries:`,
  );
  for (const [name, size] of shell.shared) console.log(`      ${name.padEnd(30)} ${kb(size)}`);
  for (const [name, report] of remotes) {
    console.log(
      `  remote ${name.padEnd(8)} remoteEntry.js ${kb(report.entryGzip)}, routes chunks ${kb(report.routesGzip)}, ` +
        `${report.sequentialRequests} sequential requests before its first screen renders`,
    );
  }
}

async function main() {
  const reports = new Map();
  for (const app of APPS) {
    const started = Date.now();
    const stats = await buildApp(app);
    console.log(`built ${app.name} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${app.outDir}`);
    reports.set(app.name, stats);
  }
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error('dist/web/index.html is missing');
  const shell = shellReport(reports.get('shell'));
  const remotes = APPS.filter((app) => app.name !== 'shell').map((app) => [
    app.name,
    remoteReport(app, reports.get(app.name)),
  ]);
  printReport(shell, remotes);
  if (shell.auth.gzip > AUTH_BUDGET_BYTES) {
    console.error(
      `\n/auth needs ${kb(shell.auth.gzip)} of gzipped JavaScript, over the ${kb(AUTH_BUDGET_BYTES)} budget`,
    );
    // Exit code 2 (not 1): everything was built, only the budget is broken; test-e2e tells the two apart.
    process.exitCode = OVER_BUDGET_EXIT_CODE;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
