import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { lazyFederatedRemoteLoader } from './remotes/remoteLoader';
import { routeTable } from './routeTable';
import { createStore, rootReducer } from './store/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const remoteLoader = lazyFederatedRemoteLoader((slice) => rootReducer.inject(slice));
const router = createBrowserRouter(routeTable);
// Off the sign-in page the menu needs the remotes manifest, and the page's remote (if a remote serves its
// path) its entry: both are fetched while the session loads.
if (window.location.pathname !== '/auth') remoteLoader.prepare(window.location.pathname);

const root = createRoot(container);
// Rendered as a transition, so React yields to the browser every few milliseconds instead of holding the
// main thread for the whole first render (Lighthouse's Total Blocking Time on a slow phone).
startTransition(() => root.render(<App store={store} router={router} remoteLoader={remoteLoader} />));
