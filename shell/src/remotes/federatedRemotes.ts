import { loadRemote, registerRemotes } from './federationHost';
import { fetchRemoteEntry } from './remoteEntry';
import type { RemoteLoader } from './remoteLoader';
import { asRemoteRoutesModule, type RemoteRoutesModule, type RemoteSlice } from './remoteModule';
import { fetchRemotesManifest, type RemoteDescription } from './remotesManifest';

/** Loads remotes through the Module Federation runtime; `prepare` registers one ahead of its first load. */
export interface FederatedLoader extends Pick<RemoteLoader, 'load'> {
  prepare(remoteName: string): void;
}

/**
 * The production loader: reads the remotes manifest once, then a remote's mf-manifest.json (ahead of need
 * for the page's own remote), registers its entry script with the Module Federation runtime, and loads
 * '<name>/routes' on first use. Anything that failed is read again on the next try.
 */
export function federatedRemoteLoader({
  injectSlice,
  announce,
  readManifest = fetchRemotesManifest,
  readEntry = fetchRemoteEntry,
}: {
  injectSlice: (slice: RemoteSlice) => void;
  /** Told once per successful network load (not for answers from the cache). */
  announce: (remoteName: string) => void;
  readManifest?: typeof fetchRemotesManifest;
  readEntry?: typeof fetchRemoteEntry;
}): FederatedLoader {
  let manifest: Promise<RemoteDescription[]> | null = null;
  const entries = new Map<string, Promise<string>>();
  // Remotes whose load failed: re-registering with force clears the runtime's cached entry script.
  const stale = new Set<string>();
  const loads = new Map<string, Promise<RemoteRoutesModule>>();

  const listed = () => {
    if (!manifest) {
      manifest = readManifest();
      manifest.catch(() => {
        manifest = null;
      });
    }
    return manifest;
  };

  const registered = (remote: RemoteDescription) => {
    let entry = entries.get(remote.name);
    if (!entry) {
      entry = readEntry(remote.entry).then((script) => {
        const force = stale.delete(remote.name);
        registerRemotes([{ name: remote.name, entry: script }], force ? { force } : undefined);
        return script;
      });
      entries.set(remote.name, entry);
      entry.catch(() => entries.delete(remote.name));
    }
    return entry;
  };

  const listedAs = async (remoteName: string) => {
    const remote = (await listed()).find(({ name }) => name === remoteName);
    if (!remote) throw new Error(`The ${remoteName} remote is not listed in the remotes manifest`);
    return remote;
  };

  const loadOnce = async (remoteName: string): Promise<RemoteRoutesModule> => {
    const remote = await listedAs(remoteName);
    try {
      await registered(remote);
      const module = asRemoteRoutesModule(remoteName, await loadRemote<unknown>(`${remoteName}/routes`));
      for (const slice of module.slices ?? []) injectSlice(slice);
      // After the caller's own continuation, so that listeners see the module in the cache.
      queueMicrotask(() => announce(remoteName));
      return module;
    } catch (error) {
      entries.delete(remoteName);
      stale.add(remoteName);
      throw error;
    }
  };

  return {
    prepare(remoteName) {
      listedAs(remoteName)
        .then(registered)
        .catch(() => undefined);
    },
    load(remoteName) {
      let pending = loads.get(remoteName);
      if (!pending) {
        pending = loadOnce(remoteName);
        loads.set(remoteName, pending);
        pending.catch(() => loads.delete(remoteName));
      }
      return pending;
    },
  };
}
