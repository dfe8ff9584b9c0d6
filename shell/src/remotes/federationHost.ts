// The shell is a Module Federation host without the federation plugin: its own screens import their
// libraries like any bundle (tree-shaken, and no federation runtime before the first paint), and this
// module, downloaded with the first remote, starts the runtime and offers the remotes those very library
// instances, so there is still one React, one router and one store on the page.
import {
  init,
  loadRemote as loadWithRuntime,
  registerRemotes as registerWithRuntime,
} from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { SHARED_LIBRARIES } from './sharedLibraries';

/** The version the shell provides and the range the remotes require, per shared library (by the build). */
export type SharedVersions = Readonly<Record<string, { version: string; requiredVersion: string }>>;

// Written by the shell's build (ui/rspack-app.mjs) from ui/federation-shared.mjs.
declare const YOMAN_SHARED_VERSIONS: SharedVersions;

/** The runtime's `shared` option: every library of SHARED_LIBRARIES, as a singleton, loaded on demand. */
export function sharedOption(versions: SharedVersions) {
  return Object.fromEntries(
    Object.entries(SHARED_LIBRARIES).map(([name, load]) => {
      const known = versions[name];
      if (!known) throw new Error(`The build gave no version for the shared library ${name}`);
      return [
        name,
        {
          version: known.version,
          get: () => load().then((module) => () => module),
          shareConfig: { singleton: true, requiredVersion: known.requiredVersion },
        },
      ];
    }),
  );
}

let started = false;

function startHost() {
  if (started) return;
  // The remotes' production builds leave the runtime core out and use the page's (ui/federation-shared.mjs).
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeCore });
  init({
    name: 'shell',
    remotes: [],
    shared: sharedOption(YOMAN_SHARED_VERSIONS),
    // The shell registers every library before any remote starts, and a remote's registration never
    // replaces one already there: the remotes get the shell's instances, never their own copies.
    shareStrategy: 'loaded-first',
  });
  started = true;
}

/** Registers remotes' entry scripts with the runtime (started on first use). */
export function registerRemotes(...args: Parameters<typeof registerWithRuntime>) {
  startHost();
  registerWithRuntime(...args);
}

/** Loads a remote's exposed module through the runtime (started on first use). */
export function loadRemote<T>(id: string): Promise<T | null> {
  startHost();
  return loadWithRuntime<T>(id);
}
