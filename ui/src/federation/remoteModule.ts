// The contract between the shell and every remote: what a remote exposes as '<name>/routes'. The shell
// checks a loaded module against it at run time (shell/src/remotes/remoteModule.ts): remotes deploy alone.
import type { Reducer } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { IconProps } from '../icons';

/** The menu a link belongs to: students' or mentors' (spec §2, §6). */
export type MenuEntryAudience = 'student' | 'mentor';

/** A link a remote adds to the menus. */
export interface MenuEntry {
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
  audience: MenuEntryAudience;
}

/** A Redux slice a remote brings along; the shell injects it into the one store. */
export interface RemoteSlice {
  reducerPath: string;
  reducer: Reducer;
}

/** What every remote exposes as '<name>/routes': absolute paths, mounted by the shell under its prefixes. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
  menu: MenuEntry[];
  slices?: RemoteSlice[];
}
