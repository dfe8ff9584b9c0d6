import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { RemoteLoader } from './remoteLoader';
import type { RemoteRoutesModule } from './remoteModule';
import type { RegisteredRemote } from './remotesManifest';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** Gives the screens below it the loader that fetches remotes (the federated one, or a fake in tests). */
export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

/** Something the loader fetches, tracked for a screen: a failure offers a retry. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; error: unknown; retry: () => void };

export type RemoteModuleState = Loaded<RemoteRoutesModule>;

function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('Remote screens must be rendered inside a RemoteLoaderProvider');
  return loader;
}

// `key` names what is loaded: a new key (another remote) or a retry asks the loader again.
function useLoaded<T>(key: string, load: (loader: RemoteLoader) => Promise<T>): Loaded<T> {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new closure each render; `key` says what it loads and `attempt` counts the retries.
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load(loader).then(
      (value) => current && setState({ status: 'ready', value }),
      (error: unknown) => current && setState({ status: 'failed', error, retry }),
    );
    return () => {
      current = false;
    };
  }, [loader, key, attempt, retry]);

  return state;
}

/** Loads one remote's routes module and tracks it; a failure offers a retry. */
export function useRemoteModule(remoteName: string): RemoteModuleState {
  return useLoaded(remoteName, (loader) => loader.load(remoteName));
}

/** The remotes the manifest lists, for the routes that mount them; a failure offers a retry. */
export function useRegisteredRemotes(): Loaded<RegisteredRemote[]> {
  return useLoaded('remotes-manifest', (loader) => loader.remotes());
}
