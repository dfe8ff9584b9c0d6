import { startTransition } from 'react';
import { nextTask } from './startup/nextTask';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Starts the shell in steps, each in a task of its own: the libraries and the app's modules are evaluated
 * a group at a time (the imports are eager: they are in this chunk already and fetch nothing, but a module
 * runs only when its step imports it), then the store and the router are made, then the app renders.
 * Evaluated at once they held a slow phone's main thread for one long task, which is what Lighthouse's
 * Total Blocking Time counts and what delays a tap; in steps, the browser can paint and answer in between.
 */
async function start(root: HTMLElement) {
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // The libraries under the design system, one a step (the names are what the app uses of each).
  await import(/* webpackMode: "eager", webpackExports: ["ThemeProvider"] */ 'styled-components');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react');
  await nextTask();
  const { createStore, requestSession, rootReducer } = await import(
    /* webpackMode: "eager" */ './store/store'
  );
  await nextTask();
  const { lazyFederatedRemoteLoader } = await import(/* webpackMode: "eager" */ './remotes/remoteLoader');
  const remoteLoader = lazyFederatedRemoteLoader((slice) => rootReducer.inject(slice));
  const store = createStore();
  await nextTask();
  requestSession(store);
  await nextTask();
  const { createBrowserRouter } = await import(/* webpackMode: "eager" */ 'react-router-dom');
  const { routeTable } = await import(/* webpackMode: "eager" */ './routeTable');
  await nextTask();
  const router = createBrowserRouter(routeTable);
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './App');
  await nextTask();
  // As a transition, so that React (development) yields every few milliseconds. Preact (production)
  // renders it in one go.
  startTransition(() =>
    createRoot(root).render(<App store={store} router={router} remoteLoader={remoteLoader} />),
  );
  // Off the sign-in page, while the session loads: the remotes manifest (the menu needs it) and, when a
  // remote serves the page's path, the federation runtime and that remote's registration. Started after
  // the render, whose task their scripts would otherwise run ahead of (the page preloads them meanwhile).
  if (window.location.pathname !== '/auth') remoteLoader.prepare(window.location.pathname);
}

void start(container);
