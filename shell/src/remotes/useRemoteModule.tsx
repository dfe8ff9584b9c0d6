import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { RemoteLoader } from './remoteLoader';
import type { RemoteRoutesModule } from './remoteModule';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** Gives the screens below it the loader that fetches remotes (the federated one, or a fake in tests). */
export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export type RemoteModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule }
  | { status: 'failed'; error: unknown; retry: () => void };

/** Loads one remote's routes module and tracks it; a failure offers a retry. */
export function useRemoteModule(remoteName: string): RemoteModuleState {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteModule must be used inside a RemoteLoaderProvider');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteModuleState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    // `attempt` is read so that a retry re-runs this effect and asks the loader again.
    void attempt;
    loader.load(remoteName).then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => current && setState({ status: 'failed', error, retry }),
    );
    return () => {
      current = false;
    };
  }, [loader, remoteName, attempt, retry]);

  return state;
}
