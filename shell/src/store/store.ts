import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '@yoman/ui';

/**
 * The app's one reducer. It starts with the RTK Query api; remotes add their own slices at run time
 * with `rootReducer.inject(slice)` (the shell does it for the slices a remote's routes module lists).
 */
export const rootReducer = combineSlices(api);

/** Builds the app's one store: the api cache and middleware, plus whatever slices remotes inject. */
export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;

/**
 * Asks for the session (GET /api/user) at start-up, before the first render: the request leaves earlier,
 * and the render that reads it (every page's guard and the direction) finds the query already started
 * instead of starting it inside the render.
 */
export function requestSession(store: AppStore) {
  store.dispatch(api.endpoints.getUser.initiate(undefined, { subscribe: false }));
}
