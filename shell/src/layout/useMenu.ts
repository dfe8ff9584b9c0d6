import { useContext, useEffect, useMemo, useState } from 'react';
import type { RegisteredRemote } from '../remotes/remotesManifest';
import { RemoteLoaderContext } from '../remotes/useRemoteModule';
import { type Audience, type MenuEntry, orderedMenu, remoteMenuEntries, SHELL_MENU } from './navigation';

/**
 * One audience's menu in spec order: the shell's links and the remotes' links that the remotes manifest
 * lists, so no remote is loaded for its menu. Until the manifest arrives (or when it could not be read)
 * the menu has the shell's links; a later successful load (a route's retry) brings the rest.
 */
export function useMenu(audience: Audience): MenuEntry[] {
  const loader = useContext(RemoteLoaderContext);
  const [remotes, setRemotes] = useState<readonly RegisteredRemote[]>(() => loader?.listed?.() ?? []);

  useEffect(() => {
    if (!loader) return;
    let current = true;
    const read = () =>
      loader.remotes().then(
        (listed) => current && setRemotes(listed),
        () => undefined,
      );
    void read();
    const unsubscribe = loader.onLoaded(() => void read());
    return () => {
      current = false;
      unsubscribe();
    };
  }, [loader]);

  return useMemo(
    () => orderedMenu([...SHELL_MENU, ...remoteMenuEntries(remotes)], audience),
    [remotes, audience],
  );
}
