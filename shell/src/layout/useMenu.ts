import { useContext, useEffect, useState } from 'react';
import type { MenuEntry } from '../remotes/remoteModule';
import { RemoteLoaderContext } from '../remotes/useRemoteModule';
import { type Audience, orderedMenu, REMOTES_OF_MENU, SHELL_MENU } from './navigation';

/**
 * One audience's menu in spec order. Entries arrive as their remotes load; a remote that fails to load
 * simply contributes no links (its routes still show the error panel with a retry).
 */
export function useMenu(audience: Audience): MenuEntry[] {
  const loader = useContext(RemoteLoaderContext);
  const [remoteEntries, setRemoteEntries] = useState<Record<string, MenuEntry[]>>({});

  useEffect(() => {
    if (!loader) return;
    let current = true;
    const remotes: readonly string[] = REMOTES_OF_MENU[audience];
    const collect = (remote: string) =>
      loader.load(remote).then(
        (module) => current && setRemoteEntries((known) => ({ ...known, [remote]: module.menu })),
        // A remote that failed adds no links now; its route shows the retry, and a success calls back.
        () => undefined,
      );
    for (const remote of remotes) void collect(remote);
    const unsubscribe = loader.onLoaded((remote) => {
      if (remotes.includes(remote)) void collect(remote);
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [loader, audience]);

  return orderedMenu([...SHELL_MENU, ...Object.values(remoteEntries).flat()], audience);
}
