// The pages of the remotes' prefixes. A page load of /calendar used to get index.html, which preloads only the
// shell and its layout: the journal's scripts were found one request after another (the remote loader, the
// remote's entry, its routes, the screen, the shared libraries the screen consumes), each a round trip on a
// phone's connection. The build writes, for every prefix of remotes.config.mjs, a copy of index.html that
// also preloads every script that page runs before its first screen renders, and pages.json naming them; the
// gateway answers a page load under a prefix with its page (services/gateway/src/static-front-end.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ENTRY_FILE } from '../remotes.config.mjs';
import { sharedChunkNameOf } from '../ui/federation-shared.mjs';

/** The folder of dist/web holding the pages, and the file naming them (path prefix → page). */
export const PAGES_FOLDER = 'pages';
export const PAGES_FILE = 'pages.json';

/**
 * What the shell asks the API first on every signed-in page, whatever the role (shell/src/App.tsx through
 * ui/src/api/api.ts: the session's user, then the display settings). A signed-in page's HTML starts both, as
 * the credentialed fetches the shell makes, so that the browser hands their answers to those fetches.
 */
export const STARTUP_FETCHES = ['/api/user', '/api/user-settings'];

/** The shell's chunk groups a signed-in page runs before a remote's screen: see shell/src/remotes, layout. */
const SHELL_REMOTE_START = ['remotes-manifest', 'remote-loader', 'session-clock'];
/** The chunk group of a remote's exposed routes module (Module Federation names it so). */
const ROUTES_EXPOSE = '__federation_expose_routes';
/** How rspack's stats name a module a remote takes from the share scope: the request before its version. */
const CONSUMED_SHARED = /^consume shared module \([^)]*\) ((?:@[^/@\s]+\/)?[^@\s]+)@/u;

/** The chunks of a named chunk group (a webpackChunkName); a name the build did not emit fails it. */
export function chunksOfGroup(stats, groupName) {
  const ids = new Set(stats.namedChunkGroups?.[groupName]?.chunks ?? []);
  if (ids.size === 0)
    throw new Error(
      `No chunk group is named ${groupName}: is the build (or remotes.config.mjs) out of date?`,
    );
  return stats.chunks.filter((chunk) => ids.has(chunk.id));
}

const scriptsOf = (chunks) => [
  ...new Set(chunks.flatMap((chunk) => (chunk.files ?? []).filter((file) => file.endsWith('.js')))),
];

/** The shared libraries (requests of the share scope) the modules of these chunks consume. */
export function consumedShared(chunks) {
  const requests = new Set();
  for (const chunk of chunks) {
    for (const module of chunk.modules ?? []) {
      const consumed = CONSUMED_SHARED.exec(module.name ?? '');
      if (consumed?.[1]) requests.add(consumed[1]);
    }
  }
  return [...requests].sort();
}

/**
 * The scripts a page load under `prefix` of `remote` runs before its first screen renders, as URLs, beyond
 * `alreadyPreloaded` (index.html's own hints and main.js): the shell's remote start, the shell's copies of
 * the shared libraries the remote's routes and screen consume, the remote's entry, routes and screen.
 */
export function pagePreloads({ shellStats, remoteStats, remote, prefix, alreadyPreloaded }) {
  const screen = remote.screens?.[prefix];
  const remoteChunks = [
    ...chunksOfGroup(remoteStats, ROUTES_EXPOSE),
    ...(screen ? chunksOfGroup(remoteStats, screen) : []),
  ];
  // A shared library the shell's start already holds (react, @yoman/ui) has no chunk group of its own.
  const sharedGroups = consumedShared(remoteChunks)
    .map(sharedChunkNameOf)
    .filter((group) => (shellStats.namedChunkGroups?.[group]?.chunks ?? []).length > 0);
  const shellScripts = scriptsOf(
    [...SHELL_REMOTE_START, ...sharedGroups].flatMap((group) => chunksOfGroup(shellStats, group)),
  ).map((file) => `/${file}`);
  const remoteScripts = [REMOTE_ENTRY_FILE, ...scriptsOf(remoteChunks)].map(
    (file) => `/remotes/${remote.name}/${file}`,
  );
  const skip = new Set(alreadyPreloaded);
  return [...new Set([...shellScripts.sort(), ...remoteScripts])].filter((url) => !skip.has(url));
}

/**
 * The scripts of the shell's remote start, beyond `alreadyPreloaded`: what a signed-in page load of `/` runs
 * before the remote of the user's role (its own page cannot know the role, so it names no remote).
 */
export function rootPagePreloads({ shellStats, alreadyPreloaded }) {
  const skip = new Set(alreadyPreloaded);
  return scriptsOf(SHELL_REMOTE_START.flatMap((group) => chunksOfGroup(shellStats, group)))
    .map((file) => `/${file}`)
    .sort()
    .filter((url) => !skip.has(url));
}

/** The page of a signed-in load of `/` (the landing: students go on to /home, mentors to /mentor). */
export const ROOT_PAGE_FILE = `${PAGES_FOLDER}/root.html`;

/** The page's file name for a prefix: /calendar → pages/calendar.html. */
export const pageFileOf = (prefix) =>
  `${PAGES_FOLDER}/${prefix.replace(/^\/+/u, '').replace(/[^a-z0-9]+/giu, '-')}.html`;

/**
 * index.html with preload hints added at the end of its head: the API calls `fetches` (credentialed, as the
 * shell's own; at the default priority, since the layout waits for them), then the scripts `urls` at low
 * priority: they start with the HTML but yield to what the layout paints with (index.html's own hints,
 * main.js, the fonts).
 */
export function withPreloads(html, urls, fetches = []) {
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to add preload hints to');
  const hints = [
    ...fetches.map((url) => `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`),
    ...urls.map((url) => `<link rel="preload" as="script" href="${url}" fetchpriority="low">`),
  ].join('');
  return html.replace('</head>', `${hints}</head>`);
}

/** The scripts index.html already loads or preloads, as URLs. */
export function scriptsOfPage(html) {
  return [...html.matchAll(/<(?:link rel="preload" as="script" href|script defer src)="([^"]+)"/gu)].map(
    (match) => match[1],
  );
}

/**
 * Writes dist/web/pages/<prefix>.html for every prefix of every remote and pages/root.html for `/`, and
 * pages.json mapping each (`/` exactly, a prefix with what is below it) to its page. Returns the number of scripts each page preloads beyond index.html.
 */
export function writeRemotePages({ webRoot, indexHtml, shellStats, remoteStatsByName, remotes }) {
  const alreadyPreloaded = scriptsOfPage(indexHtml);
  mkdirSync(join(webRoot, PAGES_FOLDER), { recursive: true });
  const rootUrls = rootPagePreloads({ shellStats, alreadyPreloaded });
  writeFileSync(join(webRoot, ROOT_PAGE_FILE), withPreloads(indexHtml, rootUrls, STARTUP_FETCHES));
  const pages = { '/': ROOT_PAGE_FILE };
  const extra = { '/': rootUrls.length };
  for (const remote of remotes) {
    const remoteStats = remoteStatsByName.get(remote.name);
    if (!remoteStats) throw new Error(`No build stats for the remote ${remote.name}`);
    for (const prefix of remote.prefixes) {
      const urls = pagePreloads({ shellStats, remoteStats, remote, prefix, alreadyPreloaded });
      const file = pageFileOf(prefix);
      writeFileSync(join(webRoot, file), withPreloads(indexHtml, urls, STARTUP_FETCHES));
      pages[prefix] = file;
      extra[prefix] = urls.length;
    }
  }
  writeFileSync(join(webRoot, PAGES_FILE), `${JSON.stringify(pages, null, 2)}\n`);
  return extra;
}
