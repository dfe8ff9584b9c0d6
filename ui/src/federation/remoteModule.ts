// The contract between the shell and every remote: what a remote exposes as '<name>/routes'. The shell
// checks a loaded module against it at run time (shell/src/remotes/remoteModule.ts): remotes deploy alone.
import type { Reducer } from '@reduxjs/toolkit';
import type { RouteObject } from 'react-router-dom';

/** A Redux slice a remote brings along; the shell injects it into the one store. */
export interface RemoteSlice {
  reducerPath: string;
  reducer: Reducer;
}

/**
 * What every remote exposes as '<name>/routes': absolute paths, mounted by the shell under its prefixes.
 * Its menu links are not here but in its registry entry (remotes.config.mjs), served in the remotes
 * manifest, so the layout draws the menus without loading any remote.
 */
export interface RemoteRoutesModule {
  routes: RouteObject[];
  slices?: RemoteSlice[];
}
