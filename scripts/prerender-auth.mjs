// The static HTML of /auth: dist/web/auth.html is index.html with the sign-in screen already rendered into
// it (shell/src/prerender/authPage.tsx, bundled for Node with esbuild and run here), so the form and the
// marketing panel paint from the HTML while the scripts load. The gateway answers a page load of /auth with
// it (services/gateway/src/static-front-end.ts); the shell removes the copy when it mounts its own screen.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The file the gateway sends for a page load of /auth. */
export const AUTH_PAGE_FILE = 'auth.html';

/** Bundles the prerender module for Node and returns what prerenderAuthPage() renders. */
export async function renderAuthPage() {
  const dir = mkdtempSync(join(tmpdir(), 'yoman-prerender-'));
  try {
    const outfile = join(dir, 'auth-page.cjs');
    await build({
      entryPoints: [join(root, 'shell/src/prerender/authPage.tsx')],
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
      logLevel: 'error',
    });
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

/** index.html with the prerendered screen: its styles at the end of <head>, its markup after #root. */
export function authPageHtml(indexHtml, page, fontFaces) {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>'))
    throw new Error('index.html has no </head> or no empty #root to prerender beside');
  return indexHtml
    .replace('</head>', `<style>${fontFaces}</style>${page.styles}</head>`)
    .replace(root, `${root}${page.body}`);
}

/** Writes dist/web/auth.html: `shellHtml` (the built index.html with /auth's preloads) and the screen. */
export async function writeAuthPage(webRoot, shellHtml) {
  const html = authPageHtml(shellHtml, await renderAuthPage(), fontFaceStylesheet(webRoot));
  writeFileSync(join(webRoot, AUTH_PAGE_FILE), html);
  return html;
}
