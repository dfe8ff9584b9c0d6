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
