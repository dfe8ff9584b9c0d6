// The Module Federation `shared` map used by the shell and every remote (plain ESM: rspack configs load it
// directly). One copy of each library on the page: two Reacts break hooks, two styled-components lose the
// theme and the RTL plugin, two @yoman/ui instances would mean two RTK Query caches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const uiPackage = require('./package.json');

/** The singletons of TOOLCHAIN.md, in its order; react-router is reached through react-router-dom (SHARED_FROM). */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  '@yoman/ui',
];

// Beyond TOOLCHAIN.md's list: the journal's dates and the shell's session clock use one luxon (and one
// Settings.defaultZone), downloaded once; a remote's own copy was 21 KB gzipped more on its first screen.
export const SHARED_UTILITIES = ['luxon'];

// A shared module ships whole (Module Federation cannot tree-shake it), so the design system is four
// singletons: the core that /auth and the layout need, the Radix-based overlays, the luxon date formatting
// and the toaster (mounted on the first toast). The overlays and the toaster both use Radix, and the core
// sets Radix's direction: the packages holding page-wide Radix state are shared too, so the core's
// DirectionProvider reaches the overlays' menus and a dialog still knows a toast is one of its layers
// (dismissable-layer's branches), as when the design system was one module.
export const DESIGN_SYSTEM_ENTRIES = [
  '@yoman/ui/overlays',
  '@yoman/ui/dates',
  '@yoman/ui/toaster',
  '@radix-ui/react-direction',
  '@radix-ui/react-dismissable-layer',
];

// Sharing matches import requests exactly, so the entry points that code imports by subpath are listed too:
// otherwise each app would bundle its own copy of the JSX runtime or of RTK Query's React layer.
export const SHARED_SUBPATHS = [
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom/client',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  // Imported by the three RTK entry points above: shared, it is downloaded once instead of once in each.
  'reselect',
];

function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

// Read beside the resolved entry, because some packages (Radix) do not export their package.json.
function installedVersion(name) {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const manifestPath = join(dir, 'package.json');
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (manifest.name === name) return manifest.version;
    } catch (error) {
      if (error?.code !== 'ENOENT') throw error;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json of ${name} above ${require.resolve(name)}`);
    dir = parent;
  }
}

/**
 * The chunk group the shell's build gives a shared library (the webpackChunkName of its import in
 * shell/src/remotes/sharedLibraries.ts), so the build can preload what a remote's first screen consumes.
 */
export function sharedChunkNameOf(request) {
  return `shared-${request
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')}`;
}

/** The range from ui/package.json when it declares the package, else a caret on the installed version. */
export function requiredVersionOf(request) {
  const name = packageNameOf(request);
  if (name === uiPackage.name) return `^${uiPackage.version}`;
  return uiPackage.dependencies?.[name] ?? `^${installedVersion(name)}`;
}

/**
 * Shared modules built from a module of ours instead of the package itself. 'react-router-dom' is built
 * from ui/src/routing.ts, which re-exports the router's browser API by name, so the bundler can drop the
 * server and framework-mode code that a shared module would otherwise ship whole. 'react-router' is
 * therefore not shared: only routing.ts imports it, and code imports react-router-dom, never react-router.
 */
export const SHARED_FROM = {
  'react-router-dom': join(dirname(require.resolve('./package.json')), 'src/routing.ts'),
};

export const shared = Object.fromEntries(
  [...SHARED_SINGLETONS, ...SHARED_UTILITIES, ...DESIGN_SYSTEM_ENTRIES, ...SHARED_SUBPATHS].map((name) => [
    name,
    {
      singleton: true,
      // An eager share would bundle the library into every entry and defeat the async boundary.
      eager: false,
      requiredVersion: requiredVersionOf(name),
      ...(SHARED_FROM[name] ? { import: SHARED_FROM[name], version: installedVersion(name) } : {}),
    },
  ]),
);

// The version of the package a request is in, as the plugin reads it from the package.json above the module.
function packageVersionOf(request) {
  const name = packageNameOf(request);
  return name === uiPackage.name ? uiPackage.version : installedVersion(name);
}

/** Per shared library, the version a host provides and the range consumers require. */
export function sharedVersions() {
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [
      name,
      { version: config.version ?? packageVersionOf(name), requiredVersion: config.requiredVersion },
    ]),
  );
}

/**
 * The Module Federation plugin's `experiments` for every app. The snapshot plugin (which reads
 * mf-manifest.json files) is left out of the runtime, which makes it smaller on every page: the shell's
 * lazily loaded remote loader reads the few fields it needs of each remote's mf-manifest.json itself
 * (shell/src/remotes/remoteEntry.ts) and registers the remoteEntry.js it names. `target: 'web'` drops the
 * runtime's Node.js loading code.
 */
export const federationExperiments = { optimization: { disableSnapshot: true, target: 'web' } };

/**
 * The experiments of a remote's build. One federation runtime on the page: the shell starts its runtime
 * core (shell/src/remotes/federationHost.ts) and the remotes' production builds leave theirs out (each
 * remoteEntry.js 32 → 15 KB gzipped). A remote's development build keeps its own, so it still runs
 * standalone on its dev server.
 */
export function federationExperimentsOf({ production }) {
  return production ? { ...federationExperiments, externalRuntime: true } : federationExperiments;
}

/**
 * Which provider of a shared module a page uses: the one already loaded (the shell's). The default,
 * 'version-first', loads every registered remote's remoteEntry.js before the first shared module to find
 * the highest version, so a student's page downloaded the mentor remote's entry.
 */
export const shareStrategy = 'loaded-first';

// The federation runtime's build-time switches, as the plugin sets them from federationExperiments, for
// the shell, which starts the runtime without the plugin; and the shared libraries' versions for it.
export function runtimeHostDefinitions() {
  return {
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: federationExperiments.optimization.disableSnapshot,
    ENV_TARGET: JSON.stringify(federationExperiments.optimization.target),
    YOMAN_SHARED_VERSIONS: JSON.stringify(sharedVersions()),
  };
}

export default shared;
