import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { BellIcon, type MenuEntry, type RemoteRoutesModule } from '@yoman/ui';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisteredRemote } from '../remotes/remotesManifest';
import { RemoteLoaderProvider } from '../remotes/useRemoteModule';
import { fakeRemoteLoader } from '../testing/renderInShell';
import type { Audience } from './navigation';
import { useMenu } from './useMenu';

afterEach(cleanup);

const link = (path: string, audience: MenuEntry['audience']): MenuEntry => ({
  path,
  label: path,
  icon: BellIcon,
  audience,
});

const modules: Record<string, RemoteRoutesModule> = {
  journal: { routes: [], menu: [link('/trades', 'student'), link('/calendar', 'student')] },
  mentor: { routes: [], menu: [link('/mentor', 'mentor')] },
  help: { routes: [], menu: [link('/help', 'student'), link('/mentor/help', 'mentor')] },
};

const registered: RegisteredRemote[] = [
  { name: 'journal', prefixes: ['/calendar', '/trades'], menu: 'student' },
  { name: 'mentor', prefixes: ['/mentor'], menu: 'mentor' },
  { name: 'help', prefixes: ['/help'], menu: 'everyone' },
];

function menuOf(audience: Audience) {
  const fake = fakeRemoteLoader(
    async (name) => modules[name] ?? { routes: [], menu: [] },
    async () => registered,
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RemoteLoaderProvider loader={fake.loader}>{children}</RemoteLoaderProvider>
  );
  return { ...renderHook(() => useMenu(audience), { wrapper }), fake };
}

describe('useMenu', () => {
  it('loads only the remotes the manifest says feed the menu, and orders their links as the spec does', async () => {
    const { result, fake } = menuOf('student');
    await waitFor(() => expect(result.current.map((entry) => entry.path)).toContain('/help'));
    expect(result.current.map((entry) => entry.path)).toEqual([
      '/calendar',
      '/trades',
      '/notifications',
      '/settings',
      '/help',
    ]);
    expect(fake.attemptsOf('mentor')).toBe(0);
  });

  it('gives mentors the links of the mentor remotes and of those registered for everyone', async () => {
    const { result, fake } = menuOf('mentor');
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current.map((entry) => entry.path)).toEqual(['/mentor', '/mentor/help']);
    expect(fake.attemptsOf('journal')).toBe(0);
  });
});
