import type { RemoteRoutesModule, RemoteSlice } from './remoteModule';
import type { RegisteredRemote, RemoteDescription } from './remotesManifest';

/** Loads remotes' routes modules; a failed load is forgotten so that a retry goes to the network again. */
export interface RemoteLoader {
  /** The remotes the manifest lists: the prefixes each one is mounted under and its menu links. */
  remotes(): Promise<RegisteredRemote[]>;
  load(remoteName: string): Promise<RemoteRoutesModule>;
  /** Calls `listener` with each remote that finishes loading (e.g. after a retry); returns the unsubscribe. */
  onLoaded(listener: (remoteName: string) => void): () => void;
  /** The remotes already known without waiting (a page rendered on the server knows them all), if any. */
  listed?(): readonly RegisteredRemote[] | undefined;
}

/** A loader that can also start fetching what the page at `pathname` will need, ahead of its screen. */
export interface PreparedRemoteLoader extends RemoteLoader {
  prepare(pathname: string): void;
}

/** Forgets a rejected promise, so that the next call asks again. */
function retried<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = start();
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

/**
 * The production loader, in two chunks fetched on first use: the remotes manifest's reader (which the
 * layout's menu needs) and the federation runtime with the remote loading (which only a remote's route
 * needs). /auth needs neither, and a shell screen such as /settings only the first.
 */
export function lazyFederatedRemoteLoader(injectSlice: (slice: RemoteSlice) => void): PreparedRemoteLoader {
  const listeners = new Set<(remoteName: string) => void>();
  const announce = (loaded: string) => {
    for (const listener of listeners) listener(loaded);
  };
  const manifest = retried(() =>
    import(/* webpackChunkName: "remotes-manifest" */ './remotesManifest').then((m) =>
      m.fetchRemotesManifest(),
    ),
  );
  const federation = retried(() =>
    import(/* webpackChunkName: "remote-loader" */ './federatedRemotes').then((m) =>
      m.federatedRemoteLoader({ injectSlice, announce, readManifest: manifest }),
    ),
  );
  const mountedAt = (pathname: string) =>
    Promise.all([manifest(), import(/* webpackChunkName: "remotes-manifest" */ './remotesManifest')]).then(
      ([remotes, m]) => m.mountOf(remotes, pathname),
    );
  return {
    onLoaded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    remotes: () => manifest().then((remotes) => remotes.map(withoutEntry)),
    load: (remoteName) => federation().then((ready) => ready.load(remoteName)),
    prepare(pathname) {
      // Errors are left to the first load, which reports them where the remote should appear.
      mountedAt(pathname)
        .then((mount) => mount && federation().then((ready) => ready.prepare(mount.remote)))
        .catch(() => undefined);
    },
  };
}

function withoutEntry({ entry: _entry, ...registered }: RemoteDescription): RegisteredRemote {
  return registered;
}
