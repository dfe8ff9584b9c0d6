import type { RemoteRoutesModule, RemoteSlice } from './remoteModule';
import type { RegisteredRemote } from './remotesManifest';

/** Loads remotes' routes modules; a failed load is forgotten so that a retry goes to the network again. */
export interface RemoteLoader {
  /** The remotes the manifest lists: the prefixes each one is mounted under and the menu it feeds. */
  remotes(): Promise<RegisteredRemote[]>;
  load(remoteName: string): Promise<RemoteRoutesModule>;
  /** Calls `listener` with each remote that finishes loading (e.g. after a retry); returns the unsubscribe. */
  onLoaded(listener: (remoteName: string) => void): () => void;
}

/** A loader that can also start fetching the remotes manifest ahead of the first screen that needs it. */
export interface PreparedRemoteLoader extends RemoteLoader {
  prepare(): void;
}

/**
 * The production loader, fetched on first use: /auth never needs a remote, so the manifest parsing and
 * the federation calls stay out of the sign-in page's download.
 */
export function lazyFederatedRemoteLoader(injectSlice: (slice: RemoteSlice) => void): PreparedRemoteLoader {
  let loader: Promise<FederatedLoader> | null = null;
  const listeners = new Set<(remoteName: string) => void>();
  const federatedLoader = () => {
    if (!loader) {
      const announce = (loaded: string) => {
        for (const listener of listeners) listener(loaded);
      };
      loader = import(/* webpackChunkName: "remote-loader" */ './federatedRemotes').then((m) =>
        m.federatedRemoteLoader({ injectSlice, announce }),
      );
      // A chunk that failed to download is asked for again on the next try.
      loader.catch(() => {
        loader = null;
      });
    }
    return loader;
  };
  return {
    onLoaded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    remotes: () => federatedLoader().then((ready) => ready.remotes()),
    load: (remoteName) => federatedLoader().then((ready) => ready.load(remoteName)),
    prepare() {
      // Errors are left to the first load, which reports them where the remote should appear.
      federatedLoader().then(
        (ready) => ready.prepare(),
        () => undefined,
      );
    },
  };
}

type FederatedLoader = Pick<PreparedRemoteLoader, 'load' | 'prepare' | 'remotes'>;
