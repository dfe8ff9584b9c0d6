// Rendered per page load in Node (the gateway calls what scripts/prerender-pictures.mjs bundles): a
// signed-in screen as it first shows, inside the layout, for the user who asked. Unlike /auth's copy it
// cannot be made at build time: the name, the menu and the month belong to the user.
import type { User, UserSettings } from '@yoman/contracts';
import { api } from '@yoman/ui';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { SidebarStartsCollapsed } from '../layout/useSidebarCollapsed';
import type { RemoteLoader } from '../remotes/remoteLoader';
import type { RegisteredRemote } from '../remotes/remotesManifest';
import { RemoteLoaderProvider } from '../remotes/useRemoteModule';
import { sentElsewhere } from '../session/guards';
import { createStore } from '../store/store';
import { type PrerenderedPage, renderPicture } from './picture';

export interface SignedInPageInput {
  /** The page's path, e.g. '/calendar'. */
  path: string;
  /** The user as GET /api/user answers. */
  user: User;
  /** Their settings as GET /api/user-settings answers. */
  settings: UserSettings;
  /** The remotes the manifest lists (their menu links). */
  remotes: readonly RegisteredRemote[];
  /** Whether the desktop sidebar is collapsed (its cookie, which follows local storage). */
  sidebarCollapsed?: boolean;
  /** The other answers the screen shows (its picture's `answers`), as its queries hold them. */
  answers?: readonly { endpointName: string; arg: unknown; value: unknown }[];
}

type QueryEntries = Parameters<typeof api.util.upsertQueryEntries>[0];

/** A loader that knows the remotes and never loads one: the copy shows the screen it is given. */
function listingOnly(remotes: readonly RegisteredRemote[]): RemoteLoader {
  return {
    remotes: async () => [...remotes],
    listed: () => remotes,
    load: () => Promise.reject(new Error('a prerendered page loads no remote')),
    onLoaded: () => () => undefined,
  };
}

/**
 * `screen` inside the layout, as the signed-in user of `input` first sees it, with the styles it needs; null
 * when the shell would not show them this page (a mentor on the student dashboard's URL goes to /mentor).
 */
export function prerenderSignedInPage(
  screen: ReactElement,
  input: SignedInPageInput,
): PrerenderedPage | null {
  if (sentElsewhere(input.user, input.path)) return null;
  const store = createStore();
  store.dispatch(
    api.util.upsertQueryEntries([
      { endpointName: 'getUser', arg: undefined, value: input.user },
      { endpointName: 'getUserSettings', arg: undefined, value: input.settings },
      // The screen's own endpoints: the remote injected them when the module imported its screen.
      // (Typed for the base api's endpoints only, hence the cast.)
      ...((input.answers ?? []) as unknown as QueryEntries),
    ]),
  );
  return renderPicture(
    input.path,
    store,
    <RemoteLoaderProvider loader={listingOnly(input.remotes)}>
      <SidebarStartsCollapsed.Provider value={input.sidebarCollapsed ?? false}>
        <MemoryRouter initialEntries={[input.path]}>
          <Routes>
            <Route element={<Layout />}>
              <Route path={input.path} element={screen} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SidebarStartsCollapsed.Provider>
    </RemoteLoaderProvider>,
    // As the shell's DirectionFromSettings: right to left unless the user turned it off.
    { rtl: input.settings.display.rtlLayout },
  );
}
