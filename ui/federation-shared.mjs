// The Module Federation `shared` map used by the shell and every remote (plain ESM: rspack configs load it
// directly). One copy of each library on the page: two Reacts break hooks, two styled-components lose the
// theme and the RTL plugin, two @yoman/ui instances would mean two RTK Query caches.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const uiPackage = require('./package.json');

/** The singletons of TOOLCHAIN.md, in its order. */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  '@yoman/ui',
];

// Sharing matches import requests exactly, so the entry points that code imports by subpath are listed too:
// otherwise each app would bundle its own copy of the JSX runtime or of RTK Query's React layer.
export const SHARED_SUBPATHS = [
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom/client',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
];

function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function installedVersion(name) {
  const manifest = require(`${name}/package.json`);
  return manifest.version;
}

/** The range from ui/package.json when it declares the package, else a caret on the installed version. */
export function requiredVersionOf(request) {
  const name = packageNameOf(request);
  if (name === uiPackage.name) return `^${uiPackage.version}`;
  return uiPackage.dependencies?.[name] ?? `^${installedVersion(name)}`;
}

export const shared = Object.fromEntries(
  [...SHARED_SINGLETONS, ...SHARED_SUBPATHS].map((name) => [
    name,
    {
      singleton: true,
      // An eager share would bundle the library into every entry and defeat the async boundary.
      eager: false,
      requiredVersion: requiredVersionOf(name),
    },
  ]),
);

export default shared;
