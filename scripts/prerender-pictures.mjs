// The signed-in screens a page load can get already drawn: dist/pictures/screens.cjs, which the gateway
// loads to render, per page load, the screen inside the layout for the user who asked
// (services/gateway/src/signed-in-pictures.ts). It bundles the shell's renderer
// (shell/src/prerender/signedInPage.tsx) with each remote's src/pictures.tsx, the screens it draws.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remotes } from '../remotes.config.mjs';
import { bundleForNode, fontFaceStylesheet, mainScriptOf, writeAfterPaintLoader } from './prerender-auth.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the module lands, relative to the build's directory (dist/): beside the served files, not among them. */
export const PICTURES_MODULE = 'pictures/screens.cjs';

/**
 * Heebo's rules as the drawing uses them: its text waits for the fonts (they are preloaded, a few KB each)
 * instead of painting in a fallback font first. A heading drawn in a fallback font is narrower than the live
 * screen's, which the browser then counts as a later, larger paint: the page's main content would seem to
 * appear only with the scripts. The app's own stylesheet, later in the page, keeps `swap` for itself.
 */
export const blockingFontFaces = (fontFaces) =>
  fontFaces.replaceAll('font-display:swap', 'font-display:block');

/** The fonts the rules name (their URLs), for the drawn page to preload them all. */
export const fontUrlsOf = (fontFaces) => [
  ...new Set([...fontFaces.matchAll(/url\((\/fonts\/[^)]+\.woff2)\)/gu)].map((match) => match[1])),
];

/**
 * The module's source: `render(input)` draws the page of `input.path`, or answers null when it draws none.
 * The drawn page carries Heebo's `@font-face` rules (`fontFaces`), so that its text asks for the fonts the
 * page preloads at once, instead of painting in a fallback font until the app's stylesheet arrives.
 */
export function picturesEntry(remoteFolders, fontFaces) {
  const imports = remoteFolders.map(
    (folder, index) => `import { pictures as remote${index} } from './${folder}/src/pictures';`,
  );
  return [
    "import { createElement } from 'react';",
    "import { prerenderSignedInPage } from './shell/src/prerender/signedInPage';",
    ...imports,
    `const pictures = { ${remoteFolders.map((_, index) => `...remote${index}`).join(', ')} };`,
    'export const paths = Object.keys(pictures);',
    'const pictureOf = (path) => (Object.hasOwn(pictures, path) ? pictures[path] : undefined);',
    "/** The URLs whose answers the drawing of `path` shows (the gateway asks them with the caller's cookie). */",
    'export const answerUrlsOf = (path) => (pictureOf(path)?.answers ?? []).map(({ url }) => url);',
    `const fontFaces = ${JSON.stringify(`<style>${blockingFontFaces(fontFaces)}</style>`)};`,
    '/** `input.answers` maps each of answerUrlsOf(input.path) to what it answered. */',
    'export function render(input) {',
    '  const picture = pictureOf(input.path);',
    '  if (!picture) return null;',
    '  const answers = (picture.answers ?? []).map(({ url, endpointName, arg }) => ({',
    '    endpointName,',
    '    arg,',
    '    value: input.answers?.[url],',
    '  }));',
    '  const page = prerenderSignedInPage(createElement(picture.screen), { ...input, answers });',
    '  return page && { styles: fontFaces + page.styles, body: page.body };',
    '}',
  ].join('\n');
}

/**
 * Writes dist/pictures/screens.cjs from the remotes that have a src/pictures.tsx, with the fonts of the
 * built front end in `webRoot`; returns the module (its `paths` and `answerUrlsOf`).
 */
export async function writePicturesModule(distDir, webRoot) {
  const folders = remotes
    .map(({ folder }) => folder)
    .filter((folder) => existsSync(join(root, folder, 'src/pictures.tsx')));
  const outfile = join(distDir, PICTURES_MODULE);
  await bundleForNode(
    { contents: picturesEntry(folders, fontFaceStylesheet(webRoot)), resolveDir: root },
    outfile,
  );
  return createRequire(import.meta.url)(outfile);
}

/** The page a drawn screen is sent in, beside the page of its prefix: pages/calendar.html → pages/calendar.drawn.html. */
export const drawnPageFileOf = (pageFile) => pageFile.replace(/\.html$/u, '.drawn.html');

const SCRIPT_PRELOAD = /<link rel="preload" as="script" href="([^"]+)"[^>]*>/gu;

/**
 * A prefix's page as a drawn screen is sent in: its scripts (the preloaded ones and main.js) start a frame
 * after the first paint, from `loaderPath`, as /auth's do, so that the HTML, its styles and the fonts the
 * drawing paints with do not share a slow connection with the scripts. The API preloads stay, and every font
 * of `fontUrls` is preloaded (the drawing waits for them).
 */
export function drawnPageHtml(pageHtml, loaderPath, fontUrls = [], answerUrls = []) {
  const main = mainScriptOf(pageHtml);
  const fontPreloads = fontUrls
    .filter((url) => !pageHtml.includes(`href="${url}"`))
    .map((url) => `<link as="font" crossorigin href="${url}" rel="preload" type="font/woff2">`)
    .join('');
  // The live screen asks for the answers the drawing shows as soon as it mounts: they start with the page.
  const answerPreloads = answerUrls
    .map((url) => `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`)
    .join('');
  return pageHtml
    .replace(SCRIPT_PRELOAD, '')
    .replace('</head>', `${fontPreloads}${answerPreloads}</head>`)
    .replace(`<script defer src="${main}"></script>`, `<script defer src="${loaderPath}"></script>`);
}

/**
 * Writes, for each path the module `pictured` draws, the page it is sent in and that page's after-paint loader
 * (content-hashed); `pages` maps a prefix to its page (pages.json).
 */
export function writeDrawnPages(webRoot, pictured, pages) {
  const fontUrls = fontUrlsOf(fontFaceStylesheet(webRoot));
  for (const path of pictured.paths) {
    const pageFile = pages[path];
    if (!pageFile) throw new Error(`No page for the drawn path ${path}`);
    const pageHtml = readFileSync(join(webRoot, pageFile), 'utf8');
    const scripts = [...pageHtml.matchAll(SCRIPT_PRELOAD)].map((match) => match[1]);
    // Named after the prefix's page: pages/calendar.html → calendar-start.<hash>.js.
    const loaderPath = writeAfterPaintLoader(
      webRoot,
      basename(pageFile, '.html'),
      mainScriptOf(pageHtml),
      scripts,
      { warmIntl: true },
    );
    writeFileSync(
      join(webRoot, drawnPageFileOf(pageFile)),
      drawnPageHtml(pageHtml, loaderPath, fontUrls, pictured.answerUrlsOf(path)),
    );
  }
}
