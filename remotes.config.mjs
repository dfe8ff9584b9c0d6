// The one front-end registry: every Module Federation remote the shell loads, read by the build
// (scripts/build.mjs), the rspack configs (ui/rspack-app.mjs), the gateway's /remotes-manifest.json
// (services/gateway/src/static-front-end.ts) and, through that manifest, the shell's routes and menus.
// Adding a remote is one entry here plus its folder: a workspace (root package.json) with a src/routes.tsx
// and an rspack.config.mjs calling remoteRspackConfig, and optionally a src/pictures.tsx listing the screens
// the gateway may draw into a page load's HTML (scripts/prerender-pictures.mjs; docs/conventions.md says what
// such a screen must do). Its deployment (Dockerfile's package.json copy, compose and k8s static servers) is
// not yet generated from this file.
//
// Shape of each remote (plain data, so Node scripts and deployment generators can read it):
//   name     Module Federation container name; also its URL folder: dist/web/remotes/<name>/, /remotes/<name>/
//   folder   the workspace folder at the repository root holding its rspack.config.mjs and src/
//   devPort  the port of its own dev server (`rspack serve`) and of its static server in compose/k8s
//   prefixes the top-level paths of the signed-in area it serves; the shell mounts it under each one
//   menu     its links in the menus: path, Hebrew label, icon (a name of the shell's menu icon set:
//            shell/src/layout/navigation.ts) and audience ('student' or 'mentor': which menu shows it). They
//            are served in the remotes manifest, so the layout draws its menu without loading any remote.
//   screens  (optional) the chunk group (webpackChunkName in its src/routes.tsx) of the screen each prefix
//            shows first: the build preloads that screen's scripts on a page load of the prefix
//            (scripts/page-preloads.mjs); a prefix without one preloads the remote's entry and routes.
//
// Node:  import { remotes } from './remotes.config.mjs';

/** @typedef {{ path: string, label: string, icon: string, audience: 'student' | 'mentor' }} MenuLink */
/** @typedef {{ name: string, folder: string, devPort: number, prefixes: string[], menu: MenuLink[], screens?: Record<string, string> }} RemoteApp */

/** The file every remote's build emits as its Module Federation entry, beside its chunks. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** The shell: the Module Federation host, served at / (not a remote, so not listed in the manifest). */
export const shell = { name: 'shell', folder: 'shell', devPort: 3100 };

/** @type {readonly RemoteApp[]} */
export const remotes = [
  {
    name: 'journal',
    folder: 'mfe-journal',
    devPort: 3101,
    // '/home' is the student dashboard; the shell still sends mentors on to /mentor (spec §2).
    prefixes: ['/home', '/calendar', '/trades', '/analytics', '/setups', '/economic-calendar'],
    screens: {
      '/home': 'journal-dashboard',
      '/calendar': 'calendar-screen',
      '/trades': 'trades-screen',
      '/analytics': 'journal-analytics',
      '/setups': 'journal-setups',
    },
    // '/' (not '/home') is the spec's first student link; the shell sends it on to the dashboard or /mentor.
    menu: [
      { path: '/', label: 'דף הבית', icon: 'home', audience: 'student' },
      { path: '/calendar', label: 'יומן', icon: 'calendar', audience: 'student' },
      { path: '/trades', label: 'עסקאות', icon: 'list', audience: 'student' },
      { path: '/analytics', label: 'ניתוחים', icon: 'chart', audience: 'student' },
      { path: '/setups', label: 'סטאפים', icon: 'book', audience: 'student' },
      { path: '/economic-calendar', label: 'לוח כלכלי', icon: 'clock', audience: 'student' },
    ],
  },
  {
    name: 'leagues',
    folder: 'mfe-leagues',
    devPort: 3102,
    prefixes: ['/leagues'],
    menu: [{ path: '/leagues', label: 'ליגות', icon: 'trophy', audience: 'student' }],
  },
  {
    name: 'mentor',
    folder: 'mfe-mentor',
    devPort: 3103,
    prefixes: ['/mentor'],
    // The mentor menu in the spec's order (§2, §6).
    menu: [
      { path: '/mentor', label: 'סקירה כללית', icon: 'home', audience: 'mentor' },
      { path: '/mentor/students', label: 'תלמידים', icon: 'user', audience: 'mentor' },
      { path: '/mentor/review-queue', label: 'תור בדיקה', icon: 'check', audience: 'mentor' },
      { path: '/mentor/cohorts', label: 'מחזורים', icon: 'calendar', audience: 'mentor' },
      { path: '/mentor/leagues', label: 'ליגות', icon: 'trophy', audience: 'mentor' },
      { path: '/mentor/analytics', label: 'אנליטיקה', icon: 'chart', audience: 'mentor' },
      { path: '/mentor/trust', label: 'אמון והוגנות', icon: 'lock', audience: 'mentor' },
      { path: '/mentor/badges', label: 'תגים ופרסים', icon: 'book', audience: 'mentor' },
      { path: '/mentor/reports', label: 'דוחות', icon: 'list', audience: 'mentor' },
      { path: '/mentor/notifications', label: 'התראות מנהל', icon: 'bell', audience: 'mentor' },
      { path: '/mentor/audit', label: 'יומן ביקורת', icon: 'warning', audience: 'mentor' },
      { path: '/mentor/settings', label: 'הגדרות', icon: 'settings', audience: 'mentor' },
    ],
  },
];

/**
 * The answer of GET /remotes-manifest.json: every registered remote with the URL of its mf-manifest.json
 * (`entryOf` decides where it is deployed), the prefixes the shell mounts it under and its menu links.
 */
export function remotesManifestOf(entryOf) {
  return {
    remotes: remotes.map((remote) => ({
      name: remote.name,
      entry: entryOf(remote),
      prefixes: remote.prefixes,
      menu: remote.menu,
    })),
  };
}

/** The registry entry of the remote `name`; throws for a name the registry does not know. */
export function remoteNamed(name) {
  const remote = remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`remotes.config.mjs has no remote named ${name}`);
  return remote;
}
