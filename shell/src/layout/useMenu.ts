import { useContext, useEffect, useState } from 'react';
import type { MenuEntry } from '../remotes/remoteModule';
import { RemoteLoaderContext } from '../remotes/useRemoteModule';
import { type Audience, feedsMenu, orderedMenu, SHELL_MENU } from './navigation';

/**
 * One audience's menu in spec order, from the remotes the manifest says feed it. Entries arrive as their
 * remotes load; a remote that fails to load simply contributes no links (its routes still show the error
 * panel with a retry).
 */
export function useMenu(audience: Audience): MenuEntry[] {
  const loader = useContext(RemoteLoaderContext);
  const [remoteEntries, setRemoteEntries] = useState<Record<string, MenuEntry[]>>({});

  useEffect(() => {
    if (!loader) return;
    let current = true;
    const collect = (remote: string) =>
      loader.load(remote).then(
        (module) => current && setRemoteEntries((known) => ({ ...known, [remote]: module.menu })),
        // A remote that failed adds no links now; its route shows the retry, and a success calls back.
        () => undefined,
      );
    const feeding = () =>
      loader.remotes().then((remotes) => remotes.filter(({ menu }) => feedsMenu(menu, audience)));
    // A manifest that failed to arrive adds no links either; the route's retry reads it again.
    feeding().then(
      (remotes) => {
        for (const { name } of remotes) void collect(name);
      },
      () => undefined,
    );
    const unsubscribe = loader.onLoaded((loaded) => {
      feeding().then(
        (remotes) => {
          if (remotes.some(({ name }) => name === loaded)) void collect(loaded);
        },
        () => undefined,
      );
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [loader, audience]);

  return orderedMenu([...SHELL_MENU, ...Object.values(remoteEntries).flat()], audience);
}
