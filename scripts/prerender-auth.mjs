// The static HTML of /auth: dist/web/auth.html is index.html with the sign-in screen already rendered into
// it (shell/src/prerender/authPage.tsx, bundled for Node with esbuild and run here), so the form and the
// marketing panel paint from the HTML while the scripts load. The gateway answers a page load of /auth with
// it (services/gateway/src/static-front-end.ts); the shell removes the copy when it mounts its own screen.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The file the gateway sends for a page load of /auth. */
export const AUTH_PAGE_FILE = 'auth.html';

/**
 * esbuild resolves `./sessionClock` to `SessionClock.tsx` beside it (two files differing only in case, which
 * it looks up as if the file system ignored case): relative imports are resolved here, by their exact name.
 */
const exactCaseImports = {
  name: 'exact-case-imports',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir }) => {
      const base = resolve(resolveDir, path);
      const found = ['.ts', '.tsx', '.mjs', '.js'].map((extension) => base + extension).find(existsSync);
      return found ? { path: found } : undefined;
    });
  },
};

/** Bundles `entry` (a file, or `{ contents, resolveDir }`) for Node, as CommonJS in `outfile`. */
export async function bundleForNode(entry, outfile) {
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { ...entry, loader: 'tsx', sourcefile: 'entry.tsx' } }),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // The packages' ES modules, as the browser build uses (styled-components' CommonJS build has no default export).
    mainFields: ['module', 'main'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The design system's stylesheets (Heebo's @font-face rules) are inlined from the build instead.
    loader: { '.css': 'empty', '.woff': 'empty', '.woff2': 'empty' },
    plugins: [exactCaseImports],
    logLevel: 'error',
  });
}

/** Bundles the prerender module for Node and returns what prerenderAuthPage() renders. */
export async function renderAuthPage() {
  const dir = mkdtempSync(join(tmpdir(), 'yoman-prerender-'));
  try {
    const outfile = join(dir, 'auth-page.cjs');
    await bundleForNode(join(root, 'shell/src/prerender/authPage.tsx'), outfile);
    return require(outfile).prerenderAuthPage();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The built stylesheet with Heebo's @font-face rules, so the prerendered text asks for the preloaded fonts. */
export function fontFaceStylesheet(webRoot) {
  const file = readdirSync(webRoot)
    .filter((name) => name.endsWith('.css'))
    .sort()
    .find((name) => readFileSync(join(webRoot, name), 'utf8').includes('@font-face'));
  if (!file) throw new Error(`No stylesheet in ${webRoot} declares the fonts`);
  return readFileSync(join(webRoot, file), 'utf8');
}

/** The tag with which the built index.html loads main.js. */
const MAIN_SCRIPT = /<script defer src="(\/main\.[0-9a-f]+\.js)"><\/script>/u;

/**
 * How many scripts the loader asks to preload in one task. Each `<link rel=preload>` added costs the main
 * thread a request's set-up: with the calendar's fourteen in one task, that task took 47–76 ms in traces at
 * four times less CPU, and was a long task of its own in two loads of four. They are now added a few at a
 * time, after main.js (BENCHMARKS.md, 2026-11-28 night).
 */
export const PRELOADS_PER_TASK = 4;

/** How long the loader waits for the first contentful paint before it starts the scripts anyway. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * The script that starts the shell once the prerendered screen has painted: it adds main.js, and preloads
 * the start scripts, in the task after the browser reports the first contentful paint, so that the page's
 * HTML, styles and fonts do not share a slow connection with some 200 KB of JavaScript before the screen
 * shows. A frame (`requestAnimationFrame`) was not enough: it runs before that frame is presented, so the
 * scripts were asked for 15–40 ms before the paint, and Lighthouse then counted their download in the first
 * paint (BENCHMARKS.md, 2026-11-28 evening). A browser without paint timing starts them a frame after the
 * first one, as before; where no paint comes (a tab opened in the background) they start after
 * FIRST_PAINT_WAIT_MS.
 *
 * With `warmIntl` (the signed-in pages, whose first screen formats shekels, dates and the New York clock)
 * the loader first makes the kinds of `Intl` object the screen makes. The first `Intl` object of a page
 * starts ICU, 15–40 ms on a fast machine, and the shell's first render paid it; here it is paid as the
 * page is parsed, or, on a slow network, while the scripts download and the main thread has nothing else
 * to do (BENCHMARKS.md, 2026-11-28 evening).
 */
export function afterPaintLoader(main, preloads, { warmIntl = false } = {}) {
  const warming = warmIntl
    ? `
  try {
    new Intl.DateTimeFormat().resolvedOptions();
    new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS' }).format(1);
    new Intl.DateTimeFormat('he-IL', { timeZone: 'America/New_York', hour: 'numeric' }).format(0);
  } catch (error) {}`
    : '';
  return `// Written by the build (scripts/prerender-*.mjs): a drawn page starts its scripts after the first paint.
(function () {${warming}
  var started = false;
  var preloads = ${JSON.stringify(preloads)};
  function preloadFrom(first) {
    preloads.slice(first, first + ${PRELOADS_PER_TASK}).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'script');
      link.href = href;
      document.head.appendChild(link);
    });
    if (first + ${PRELOADS_PER_TASK} < preloads.length) setTimeout(function () { preloadFrom(first + ${PRELOADS_PER_TASK}); }, 0);
  }
  function start() {
    if (started) return;
    started = true;
    var main = document.createElement('script');
    main.src = ${JSON.stringify(main)};
    document.body.appendChild(main);
    preloadFrom(0);
  }
  function painted(entries) {
    return entries.some(function (entry) { return entry.name === 'first-contentful-paint'; });
  }
  var types = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf('paint') < 0) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
    return;
  }
  setTimeout(start, ${FIRST_PAINT_WAIT_MS});
  var observer = new PerformanceObserver(function (list) {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
})();
`;
}

/**
 * index.html with the prerendered screen: its styles at the end of <head>, its markup after #root, and
 * main.js started by `loaderPath` (the after-paint loader) instead of from the page.
 */
export function authPageHtml(indexHtml, page, fontFaces, loaderPath) {
  const root = '<div id="root"></div>';
  const main = MAIN_SCRIPT.exec(indexHtml);
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>') || !main)
    throw new Error('index.html has no </head>, no empty #root or no main.js to prerender beside');
  return indexHtml
    .replace('</head>', `<style>${fontFaces}</style>${page.styles}</head>`)
    .replace(root, `${root}${page.body}`)
    .replace(main[0], `<script defer src="${loaderPath}"></script>`);
}

/** The path of main.js in the built index.html. */
export function mainScriptOf(indexHtml) {
  const main = MAIN_SCRIPT.exec(indexHtml);
  if (!main) throw new Error('index.html loads no main.js');
  return main[1];
}

/**
 * Writes `<name>-start.<hash>.js` into `webRoot`: the after-paint loader of a page whose main.js is `main`,
 * preloading `preloads` (content-hashed, so it caches like the other scripts), with `options` as
 * `afterPaintLoader` takes them. Returns its path.
 */
export function writeAfterPaintLoader(webRoot, name, main, preloads, options = {}) {
  const loader = afterPaintLoader(main, preloads, options);
  const loaderFile = `${name}-start.${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(webRoot, loaderFile), loader);
  return `/${loaderFile}`;
}

/**
 * Writes dist/web/auth.html, the built index.html (`shellHtml`) with the screen, and its after-paint loader
 * that preloads `startScripts` and runs main.js.
 */
export async function writeAuthPage(webRoot, shellHtml, startScripts) {
  const loaderPath = writeAfterPaintLoader(
    webRoot,
    'auth',
    mainScriptOf(shellHtml),
    startScripts.map((file) => `/${file}`),
  );
  const html = authPageHtml(shellHtml, await renderAuthPage(), fontFaceStylesheet(webRoot), loaderPath);
  writeFileSync(join(webRoot, AUTH_PAGE_FILE), html);
  return html;
}
