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
// Off the sign-in page, while the session loads: the remotes manifest (the menu needs it) and, when a remote
// serves the page's path, the federation runtime and that remote's registration.
if (window.location.pathname !== '/auth') remoteLoader.prepare(window.location.pathname);

const root = createRoot(container);
// In a task of its own, after the one that evaluated the libraries, so that neither holds the main thread
// for both (Lighthouse's Total Blocking Time on a slow phone); and as a transition, so that React
// (development) yields every few milliseconds. Preact (production) renders it in one go.
setTimeout(() =>
  startTransition(() => root.render(<App store={store} router={router} remoteLoader={remoteLoader} />)),
);
