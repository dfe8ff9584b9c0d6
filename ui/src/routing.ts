// What the apps use of react-router-dom, for the browser only. Module Federation shares this module under
// the name 'react-router-dom' (ui/federation-shared.mjs): a shared module ships whole, and the whole of
// react-router 7 (server rendering, sessions, cookies, RSC, the framework-mode components) is 62 KB gzipped,
// most of which a single-page app never runs. Re-exporting by name the part of the browser API the apps
// use (routes, links, navigation, params, errors; not loaders, forms, fetchers or scroll restoration) lets
// the bundler drop the rest, while every app still gets the one router instance. To use another name of
// react-router-dom, add it here: routing.test.ts fails while an app imports a name this module lacks.
export {
  createBrowserRouter,
  createMemoryRouter,
  generatePath,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router';
// react-router-dom's RouterProvider: the DOM one, which flushes state updates with react-dom's flushSync.
export { RouterProvider } from 'react-router/dom';
