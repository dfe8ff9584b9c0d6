// The libraries the shell offers the remotes (the `shared` map of ui/federation-shared.mjs, which the
// remotes consume): the very instances the shell's own screens use, fetched only when a remote asks.
// A test checks that this list and the federation config name the same libraries.
export const SHARED_LIBRARIES: Readonly<Record<string, () => Promise<unknown>>> = {
  react: () => import(/* webpackChunkName: "shared-react" */ 'react'),
  'react-dom': () => import(/* webpackChunkName: "shared-react-dom" */ 'react-dom'),
  'react-router-dom': () => import(/* webpackChunkName: "shared-react-router-dom" */ 'react-router-dom'),
  'react-redux': () => import(/* webpackChunkName: "shared-react-redux" */ 'react-redux'),
  '@reduxjs/toolkit': () => import(/* webpackChunkName: "shared-reduxjs-toolkit" */ '@reduxjs/toolkit'),
  'styled-components': () => import(/* webpackChunkName: "shared-styled-components" */ 'styled-components'),
  '@yoman/ui': () => import(/* webpackChunkName: "shared-yoman-ui" */ '@yoman/ui'),
  luxon: () => import(/* webpackChunkName: "shared-luxon" */ 'luxon'),
  '@yoman/ui/overlays': () => import(/* webpackChunkName: "shared-yoman-ui-overlays" */ '@yoman/ui/overlays'),
  '@yoman/ui/dates': () => import(/* webpackChunkName: "shared-yoman-ui-dates" */ '@yoman/ui/dates'),
  '@yoman/ui/toaster': () => import(/* webpackChunkName: "shared-yoman-ui-toaster" */ '@yoman/ui/toaster'),
  '@radix-ui/react-direction': () =>
    import(/* webpackChunkName: "shared-radix-ui-react-direction" */ '@radix-ui/react-direction'),
  '@radix-ui/react-dismissable-layer': () =>
    import(
      /* webpackChunkName: "shared-radix-ui-react-dismissable-layer" */ '@radix-ui/react-dismissable-layer'
    ),
  'react/jsx-runtime': () => import(/* webpackChunkName: "shared-react-jsx-runtime" */ 'react/jsx-runtime'),
  'react/jsx-dev-runtime': () =>
    import(/* webpackChunkName: "shared-react-jsx-dev-runtime" */ 'react/jsx-dev-runtime'),
  'react-dom/client': () => import(/* webpackChunkName: "shared-react-dom-client" */ 'react-dom/client'),
  '@reduxjs/toolkit/query': () =>
    import(/* webpackChunkName: "shared-reduxjs-toolkit-query" */ '@reduxjs/toolkit/query'),
  '@reduxjs/toolkit/query/react': () =>
    import(/* webpackChunkName: "shared-reduxjs-toolkit-query-react" */ '@reduxjs/toolkit/query/react'),
  reselect: () => import(/* webpackChunkName: "shared-reselect" */ 'reselect'),
};
