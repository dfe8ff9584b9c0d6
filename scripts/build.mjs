// npm run build: builds the shell and every remote of remotes.config.mjs into dist/web (one after another:
// the machines have two cores), prerenders /auth into dist/web/auth.html (scripts/prerender-auth.mjs), writes
// each remote prefix's page with its first screen's scripts preloaded (scripts/page-preloads.mjs), then
// reports what the browser downloads and fails when /auth is over budget.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { REMOTE_ENTRY_FILE, remotes, shell } from '../remotes.config.mjs';
import { FIRST_PAINT_BUDGETS } from './first-paint-budget.mjs';
// What a dynamic import costs: the chunks of its chunk group (the shell names its lazy imports with
// webpackChunkName), including the library chunks it shares with other groups.
import { chunksOfGroup, writeRemotePages } from './page-preloads.mjs';
import { precompressDirectory } from './precompress.mjs';
import { AUTH_PAGE_FILE, writeAuthPage } from './prerender-auth.mjs';
import { PICTURES_MODULE, writeDrawnPages, writePicturesModule } from './prerender-pictures.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(root, 'dist/web');

/** The apps in build order: the shell first, because its output directory holds the remotes. */
export const APPS = [
  { name: shell.name, dir: shell.folder, outDir: webRoot },
  ...remotes.map(({ name, folder }) => ({ name, dir: folder, outDir: join(webRoot, `remotes/${name}`) })),
];

/** The exit code of a complete build whose /auth or layout download is over budget. */
export const OVER_BUDGET_EXIT_CODE = 2;

const STATS_OPTIONS = {
  all: false,
  chunks: true,
  chunkModules: true,
  chunkOrigins: true,
  entrypoints: true,
  ids: true,
  chunkGroups: true,
  dependentModules: true,
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

function entryChunks(stats, entryName) {
  const ids = new Set(stats.entrypoints?.[entryName]?.chunks ?? []);
  return stats.chunks.filter((chunk) => ids.has(chunk.id));
}

function federationStats(dir) {
  return JSON.parse(readFileSync(join(dir, 'mf-stats.json'), 'utf8'));
}

/** Every file the browser downloads for these chunks. */
const filesOf = (chunks) => new Set(chunks.flatMap((chunk) => chunk.files ?? []));

const javascriptFiles = (files) => [...files].filter((file) => file.endsWith('.js'));

function javascriptGzip(dir, files) {
  return javascriptFiles(files).reduce((sum, file) => sum + gzipSizeOf(dir, file), 0);
}

const startChunks = (stats) => [...entryChunks(stats, 'main'), ...chunksOfGroup(stats, 'bootstrap')];

/**
 * index.html names only main.js; the bootstrap chunk and the libraries it needs (every page's, /auth
 * and the layout alike) would be asked for only once main.js has run, and the first screen's own chunks
 * only once the session has answered. Preload hints let the browser fetch them beside main.js instead:
 * the page of `screen` (the chunk group 'auth-screen' for /auth's page, 'layout' for every other path's)
 * preloads that screen's chunks too. (Hints, not an inline script: the content security policy allows
 * only the site's own script files.)
 */
export function preloadStartScripts(stats, html, screen) {
  const hints = startScriptsOf(stats, screen)
    .map((file) => `<link rel="preload" as="script" href="/${file}">`)
    .join('');
  return html.replace('</head>', `${hints}</head>`);
}

/** The scripts a page of `screen` needs at start beside main.js: the start chunks', then the screen's. */
export function startScriptsOf(stats, screen) {
  const entryFiles = new Set(entryChunks(stats, 'main').flatMap((chunk) => chunk.files ?? []));
  const startFiles = javascriptFiles(filesOf(startChunks(stats))).filter((file) => !entryFiles.has(file));
  const screenFiles = javascriptFiles(filesOf(chunksOfGroup(stats, screen))).filter(
    (file) => !entryFiles.has(file) && !startFiles.includes(file),
  );
  return [...startFiles.sort(), ...screenFiles.sort()];
}

/** What the shell costs before the first paint of /auth and of the signed-in layout. */
export function shellReport(stats) {
  const start = startChunks(stats);
  const auth = filesOf([...start, ...chunksOfGroup(stats, 'auth-screen')]);
  const layout = filesOf([...start, ...chunksOfGroup(stats, 'layout')]);
  const entryFiles = entryChunks(stats, 'main').flatMap((chunk) => chunk.files ?? []);
  return {
    auth: { files: javascriptFiles(auth).length, gzip: javascriptGzip(webRoot, auth) },
    layout: { files: javascriptFiles(layout).length, gzip: javascriptGzip(webRoot, layout) },
    entry: javascriptGzip(webRoot, entryFiles),
    files: { auth: filesBySize(auth), layout: filesBySize(layout) },
  };
}

/** Each JavaScript file of `files` with its gzipped size, largest first. */
function filesBySize(files) {
  return javascriptFiles(files)
    .map((file) => [file, gzipSizeOf(webRoot, file)])
    .sort((a, b) => b[1] - a[1]);
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
  // Served by the gateway: remotes-manifest.json (fetched at start-up, beside the session check) →
  // remoteEntry.js (the page's own remote, still ahead of need) → the routes chunks and the shared modules
  // they consume (in parallel) → a lazy screen's chunk. (Deployed elsewhere, its mf-manifest.json comes
  // before remoteEntry.js: one more.)
  return {
    entryGzip: gzipSizeOf(app.outDir, REMOTE_ENTRY_FILE),
    routesGzip: javascriptGzip(app.outDir, routesFiles),
    sequentialRequests: 2 + (routesFiles.length > 0 ? 1 : 0) + (lazyScreens ? 1 : 0),
  };
}

function printReport(shell, remotes) {
  console.log('\nSize report (gzip -9 of the emitted JavaScript)');
  console.log(
    `  /auth before first paint:   ${kb(shell.auth.gzip)} in ${shell.auth.files} files (budget ${kb(FIRST_PAINT_BUDGETS.auth)})`,
  );
  console.log(
    `  layout before first paint:  ${kb(shell.layout.gzip)} in ${shell.layout.files} files (budget ${kb(FIRST_PAINT_BUDGETS.layout)})`,
  );
  const onAuth = new Set(shell.files.auth.map(([file]) => file));
  console.log(`    of which the shell entry (main.js): ${kb(shell.entry)}; the layout's files:`);
  for (const [file, size] of shell.files.layout)
    console.log(
      `      ${file.padEnd(34)} ${kb(size).padStart(8)}${onAuth.has(file) ? '' : '  (layout only)'}`,
    );
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
  const indexHtml = join(webRoot, 'index.html');
  if (!existsSync(indexHtml)) throw new Error('dist/web/index.html is missing');
  const builtHtml = readFileSync(indexHtml, 'utf8');
  const layoutHtml = preloadStartScripts(reports.get('shell'), builtHtml, 'layout');
  writeFileSync(indexHtml, layoutHtml);
  const pagePreloads = writeRemotePages({
    webRoot,
    indexHtml: layoutHtml,
    shellStats: reports.get('shell'),
    remoteStatsByName: reports,
    remotes,
  });
  console.log(
    `wrote the remotes' pages, each preloading its first screen: ${Object.entries(pagePreloads)
      .map(([prefix, count]) => `${prefix} +${count}`)
      .join(', ')}`,
  );
  await writeAuthPage(webRoot, builtHtml, startScriptsOf(reports.get('shell'), 'auth-screen'));
  console.log(`prerendered /auth into ${AUTH_PAGE_FILE}`);
  const pictured = await writePicturesModule(dirname(webRoot), webRoot);
  writeDrawnPages(webRoot, pictured, JSON.parse(readFileSync(join(webRoot, 'pages.json'), 'utf8')));
  console.log(
    `bundled the signed-in pages drawn per page load (${pictured.paths.join(', ')}) into dist/${PICTURES_MODULE}`,
  );
  const compressed = precompressDirectory(webRoot);
  console.log(
    `precompressed ${compressed.files} text files: ${kb(compressed.original)} → ${kb(compressed.br)} brotli, ${kb(compressed.gz)} gzip`,
  );
  const shell = shellReport(reports.get('shell'));
  const remoteReports = APPS.filter((app) => app.name !== 'shell').map((app) => [
    app.name,
    remoteReport(app, reports.get(app.name)),
  ]);
  printReport(shell, remoteReports);
  const overBudget = ['auth', 'layout'].filter((page) => shell[page].gzip > FIRST_PAINT_BUDGETS[page]);
  for (const page of overBudget) {
    console.error(
      `\n${page} needs ${kb(shell[page].gzip)} of gzipped JavaScript before its first paint, over the ${kb(FIRST_PAINT_BUDGETS[page])} budget`,
    );
  }
  if (overBudget.length > 0) {
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
