import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { remotes } from '../remotes.config.mjs';
import {
  consumedShared,
  pageFileOf,
  pagePreloads,
  rootPagePreloads,
  scriptsOfPage,
  withPreloads,
} from './page-preloads.mjs';

const root = resolve(import.meta.dirname, '..');

type Chunk = { id: number; files: string[]; modules?: { name: string }[] };

const consumes = (request: string, version = '^1.0.0') => ({
  name: `consume shared module (default) ${request}@${version} (strict) (fallback: /x/node_modules/${request})`,
});

/** Stats with the chunk groups `groups` (name → chunk ids) over `chunks`, as rspack's toJson gives them. */
const statsOf = (chunks: Chunk[], groups: Record<string, number[]>) => ({
  chunks,
  namedChunkGroups: Object.fromEntries(Object.entries(groups).map(([name, ids]) => [name, { chunks: ids }])),
});

const shellStats = statsOf(
  [
    { id: 1, files: ['586.aa.js'] },
    { id: 2, files: ['170.bb.js'] },
    { id: 3, files: ['remote-loader.cc.js'] },
    { id: 4, files: ['remotes-manifest.dd.js'] },
    { id: 5, files: ['session-clock.ee.js', 'session-clock.ee.css'] },
    { id: 6, files: ['shared-luxon.ff.js'] },
    { id: 7, files: ['826.gg.js'] },
    { id: 8, files: ['shared-yoman-ui-overlays.hh.js'] },
  ],
  {
    'remote-loader': [2, 3],
    'remotes-manifest': [2, 4],
    'session-clock': [5, 6],
    'shared-luxon': [6],
    'shared-yoman-ui-overlays': [7, 8],
    // A library the start already holds: its group is empty.
    'shared-react': [],
    'shared-react-router-dom': [1],
  },
);

const remoteStats = statsOf(
  [
    {
      id: 10,
      files: ['__federation_expose_routes.11.js'],
      modules: [consumes('react'), consumes('@yoman/ui')],
    },
    { id: 11, files: [], modules: [consumes('react-router-dom', '^7.18.5')] },
    { id: 12, files: ['2972.12.js'], modules: [consumes('@yoman/ui/overlays', '^0.1.0')] },
    { id: 13, files: ['calendar-screen.13.js'], modules: [{ name: './src/calendar/CalendarScreen.tsx' }] },
    { id: 14, files: ['trades-screen.14.js'], modules: [consumes('luxon')] },
  ],
  {
    __federation_expose_routes: [10],
    'calendar-screen': [11, 12, 13],
    'trades-screen': [14],
  },
);

const journal = {
  name: 'journal',
  prefixes: ['/calendar', '/trades', '/economic-calendar'],
  screens: { '/calendar': 'calendar-screen', '/trades': 'trades-screen' },
};

/** What the journal's page of `prefix` preloads, given what index.html already loads. */
const journalPage = (prefix: string, alreadyPreloaded: string[] = []) =>
  pagePreloads({ shellStats, remoteStats, remote: journal, prefix, alreadyPreloaded });

describe("the remotes' pages (scripts/page-preloads.mjs)", () => {
  it('reads which shared libraries a chunk consumes, scoped names and subpaths included', () => {
    expect(
      consumedShared([
        { modules: [consumes('@yoman/ui/overlays'), consumes('react/jsx-runtime'), { name: './a.tsx' }] },
        { modules: [consumes('react-router-dom'), consumes('@yoman/ui/overlays')] },
      ]),
    ).toEqual(['@yoman/ui/overlays', 'react-router-dom', 'react/jsx-runtime']);
  });

  it("preloads the shell's remote start, the shared libraries the screen consumes, and the remote's entry, routes and screen", () => {
    const urls = journalPage('/calendar', ['/586.aa.js', '/main.00.js']);
    expect(urls).toEqual([
      '/170.bb.js',
      '/826.gg.js',
      '/remote-loader.cc.js',
      '/remotes-manifest.dd.js',
      '/session-clock.ee.js',
      '/shared-luxon.ff.js',
      '/shared-yoman-ui-overlays.hh.js',
      '/remotes/journal/remoteEntry.js',
      '/remotes/journal/__federation_expose_routes.11.js',
      '/remotes/journal/2972.12.js',
      '/remotes/journal/calendar-screen.13.js',
    ]);
    // Each once, and nothing index.html already loads (react-router-dom's group is the start's 586).
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("preloads only the remote's entry and routes for a prefix without a screen", () => {
    const urls = journalPage('/economic-calendar');
    expect(urls.filter((url) => url.startsWith('/remotes/'))).toEqual([
      '/remotes/journal/remoteEntry.js',
      '/remotes/journal/__federation_expose_routes.11.js',
    ]);
    expect(urls).not.toContain('/shared-yoman-ui-overlays.hh.js');
  });

  it("preloads for `/` the shell's remote start only: the page cannot know which remote the role opens", () => {
    expect(rootPagePreloads({ shellStats, alreadyPreloaded: ['/586.aa.js'] })).toEqual([
      '/170.bb.js',
      '/remote-loader.cc.js',
      '/remotes-manifest.dd.js',
      '/session-clock.ee.js',
      '/shared-luxon.ff.js',
    ]);
  });

  it('fails the build when a screen names a chunk group the remote did not emit', () => {
    expect(() =>
      pagePreloads({
        shellStats,
        remoteStats,
        remote: { ...journal, screens: { '/calendar': 'calendar-screne' } },
        prefix: '/calendar',
        alreadyPreloaded: [],
      }),
    ).toThrow('calendar-screne');
  });

  it('writes each page beside index.html under pages/, with its hints at the end of <head>', () => {
    expect(pageFileOf('/calendar')).toBe('pages/calendar.html');
    expect(pageFileOf('/economic-calendar')).toBe('pages/economic-calendar.html');
    const index =
      '<html><head><link rel="preload" as="script" href="/586.aa.js"></head><body><script defer src="/main.00.js"></script></body></html>';
    const page = withPreloads(index, ['/170.bb.js']);
    expect(page).toContain(
      'href="/586.aa.js"><link rel="preload" as="script" href="/170.bb.js" fetchpriority="low"></head>',
    );
    expect(scriptsOfPage(page)).toEqual(['/586.aa.js', '/170.bb.js', '/main.00.js']);
    expect(() => withPreloads('<html>', [])).toThrow('</head>');
    // The API calls come first, credentialed as the shell's own fetches, at the default priority.
    expect(withPreloads(index, ['/170.bb.js'], ['/api/user'])).toContain(
      '<link rel="preload" as="fetch" href="/api/user" crossorigin="use-credentials"><link rel="preload" as="script" href="/170.bb.js" fetchpriority="low"></head>',
    );
  });

  it("names, for every screen of the registry, the chunk its routes.tsx gives that prefix's lazy route", () => {
    for (const remote of remotes) {
      const source = readFileSync(join(root, remote.folder, 'src/routes.tsx'), 'utf8');
      const lazyRoutes = new Map(
        [
          ...source.matchAll(
            /lazyRoute\(\s*'([^']+)',\s*\(\)\s*=>\s*import\(\/\* webpackChunkName: "([^"]+)" \*\//gu,
          ),
        ].map((match) => [match[1], match[2]]),
      );
      for (const [prefix, chunk] of Object.entries(remote.screens ?? {})) {
        expect(remote.prefixes, `${remote.name} ${prefix}`).toContain(prefix);
        expect(lazyRoutes.get(prefix), `${remote.name} ${prefix}`).toBe(chunk);
      }
      // Every lazy screen mounted at a prefix is listed, so none of them loses its preloads unnoticed.
      for (const [path, chunk] of lazyRoutes) {
        if (remote.prefixes.includes(path)) expect(remote.screens?.[path], path).toBe(chunk);
      }
    }
  });
});
