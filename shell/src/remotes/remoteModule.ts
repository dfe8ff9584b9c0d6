import type { Reducer } from '@reduxjs/toolkit';
import type { RemoteRoutesModule } from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';
// zod's tree-shakable build: the remote loading chunk carries a few KB of it instead of the whole library.
import { z } from 'zod/mini';

export type { RemoteRoutesModule, RemoteSlice } from '@yoman/ui';

// A remote is deployed by another team: its module is checked like any other input from outside.
const RemoteRoutesModuleShape = z.object({
  routes: z.array(z.custom<RouteObject>((value) => typeof value === 'object' && value !== null)),
  slices: z.optional(
    z.array(
      z.object({
        reducerPath: z.string().check(z.minLength(1)),
        reducer: z.custom<Reducer>((value) => typeof value === 'function'),
      }),
    ),
  ),
});

/** Checks that a loaded module honours the remote contract, naming the remote when it does not. */
export function asRemoteRoutesModule(remoteName: string, loaded: unknown): RemoteRoutesModule {
  const parsed = RemoteRoutesModuleShape.safeParse(loaded);
  if (!parsed.success) throw new Error(`The ${remoteName} remote does not expose its routes`);
  return parsed.data;
}
