import type { Reducer } from '@reduxjs/toolkit';
import type { IconProps, MenuEntry, RemoteRoutesModule } from '@yoman/ui';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { z } from 'zod';

export type { MenuEntry, RemoteRoutesModule, RemoteSlice } from '@yoman/ui';

const component = z.custom<ComponentType<IconProps>>(
  (value) => typeof value === 'function' || (typeof value === 'object' && value !== null),
);

// A remote is deployed by another team: its module is checked like any other input from outside.
const RemoteRoutesModuleShape = z.object({
  routes: z.array(z.custom<RouteObject>((value) => typeof value === 'object' && value !== null)),
  menu: z.array(
    z.object({
      path: z.string().startsWith('/'),
      label: z.string().min(1),
      icon: component,
      audience: z.enum(['student', 'mentor']),
    }) satisfies z.ZodType<MenuEntry>,
  ),
  slices: z
    .array(
      z.object({
        reducerPath: z.string().min(1),
        reducer: z.custom<Reducer>((value) => typeof value === 'function'),
      }),
    )
    .optional(),
});

/** Checks that a loaded module honours the remote contract, naming the remote when it does not. */
export function asRemoteRoutesModule(remoteName: string, loaded: unknown): RemoteRoutesModule {
  const parsed = RemoteRoutesModuleShape.safeParse(loaded);
  if (!parsed.success) throw new Error(`The ${remoteName} remote does not expose routes and menu entries`);
  return parsed.data;
}
