// The libraries the shell offers the remotes (the `shared` map of ui/federation-shared.mjs, which the
// remotes consume): the very instances the shell's own screens use, fetched only when a remote asks.
// A test checks that this list and the federation config name the same libraries.
export const SHARED_LIBRARIES: Readonly<Record<string, () => Promise<unknown>>> = {
  react: () => import('react'),
  'react-dom': () => import('react-dom'),
  'react-router-dom': () => import('react-router-dom'),
  'react-redux': () => import('react-redux'),
  '@reduxjs/toolkit': () => import('@reduxjs/toolkit'),
  'styled-components': () => import('styled-components'),
  '@yoman/ui': () => import('@yoman/ui'),
  luxon: () => import('luxon'),
  '@yoman/ui/overlays': () => import('@yoman/ui/overlays'),
  '@yoman/ui/dates': () => import('@yoman/ui/dates'),
  '@yoman/ui/toaster': () => import('@yoman/ui/toaster'),
  '@radix-ui/react-direction': () => import('@radix-ui/react-direction'),
  '@radix-ui/react-dismissable-layer': () => import('@radix-ui/react-dismissable-layer'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react/jsx-dev-runtime': () => import('react/jsx-dev-runtime'),
  'react-dom/client': () => import('react-dom/client'),
  '@reduxjs/toolkit/query': () => import('@reduxjs/toolkit/query'),
  '@reduxjs/toolkit/query/react': () => import('@reduxjs/toolkit/query/react'),
  reselect: () => import('reselect'),
};
