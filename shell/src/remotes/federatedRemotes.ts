import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PreparedRemoteLoader } from './remoteLoader';
import { asRemoteRoutesModule, type RemoteRoutesModule, type RemoteSlice } from './remoteModule';
import { fetchRemotesManifest, type RemoteDescription } from './remotesManifest';

/**
 * The remote's entry script: the runtime is built without the snapshot plugin that reads mf-manifest.json
 * (federationExperiments in ui/federation-shared.mjs), so a manifest URL is replaced by the remoteEntry.js
 * beside it. That also saves the manifest's round trip before a remote renders.
 */
export function remoteEntryOf(entry: string): string {
  const url = new URL(entry, 'http://remote.invalid/');
  if (!url.pathname.endsWith('/mf-manifest.json')) return entry;
  return entry.replace(/mf-manifest\.json(?=[?#]|$)/u, 'remoteEntry.js');
}

/**
 * The production loader: reads the remotes manifest once, registers every remote with the Module
 * Federation runtime, and loads '<name>/routes' on first use.
 */
export function federatedRemoteLoader({
  injectSlice,
  announce,
  readManifest = fetchRemotesManifest,
}: {
  injectSlice: (slice: RemoteSlice) => void;
  /** Told once per successful network load (not for answers from the cache). */
  announce: (remoteName: string) => void;
  readManifest?: typeof fetchRemotesManifest;
}): Pick<PreparedRemoteLoader, 'load' | 'prepare'> {
  let manifest: Promise<RemoteDescription[]> | null = null;
  const loads = new Map<string, Promise<RemoteRoutesModule>>();

  const registeredRemotes = () => {
    manifest ??= readManifest().then((remotes) => {
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry: remoteEntryOf(entry) })));
      return remotes;
    });
    manifest.catch(() => {
      manifest = null;
    });
    return manifest;
  };

  const loadOnce = async (remoteName: string): Promise<RemoteRoutesModule> => {
    const remotes = await registeredRemotes();
    const remote = remotes.find(({ name }) => name === remoteName);
    if (!remote) throw new Error(`The ${remoteName} remote is not listed in the remotes manifest`);
    try {
      const module = asRemoteRoutesModule(remoteName, await loadRemote<unknown>(`${remoteName}/routes`));
      for (const slice of module.slices ?? []) injectSlice(slice);
      // After the caller's own continuation, so that listeners see the module in the cache.
      queueMicrotask(() => announce(remoteName));
      return module;
    } catch (error) {
      // Re-registering with force clears the runtime's cached manifest and entry script for this remote.
      registerRemotes([{ name: remote.name, entry: remoteEntryOf(remote.entry) }], { force: true });
      throw error;
    }
  };

  return {
    prepare() {
      registeredRemotes().catch(() => undefined);
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
