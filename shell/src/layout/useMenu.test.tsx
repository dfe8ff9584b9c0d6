import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisteredRemote } from '../remotes/remotesManifest';
import { RemoteLoaderProvider } from '../remotes/useRemoteModule';
import { fakeRemoteLoader } from '../testing/renderInShell';
import type { Audience } from './navigation';
import { useMenu } from './useMenu';

afterEach(cleanup);

const link = (path: string, audience: Audience) => ({ path, label: path, icon: 'bell', audience });

const registered: RegisteredRemote[] = [
  {
    name: 'journal',
    prefixes: ['/calendar', '/trades'],
    menu: [link('/trades', 'student'), link('/calendar', 'student')],
  },
  { name: 'mentor', prefixes: ['/mentor'], menu: [link('/mentor', 'mentor')] },
  { name: 'help', prefixes: ['/help'], menu: [link('/help', 'student'), link('/mentor/help', 'mentor')] },
];

/** The student menu of `registered`, in the spec's order, with the shell's own links. */
const STUDENT_MENU = ['/calendar', '/trades', '/notifications', '/settings', '/help'];

function menuOf(audience: Audience, remotes: () => Promise<RegisteredRemote[]> = async () => registered) {
  const fake = fakeRemoteLoader(async () => ({ routes: [] }), remotes);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RemoteLoaderProvider loader={fake.loader}>{children}</RemoteLoaderProvider>
  );
  return { ...renderHook(() => useMenu(audience), { wrapper }), fake };
}

describe('useMenu', () => {
  it('draws the links in its first render when the loader already knows the remotes (a page drawn on the server)', () => {
    const fake = fakeRemoteLoader(
      async () => ({ routes: [] }),
      () => new Promise(() => undefined),
    );
    const loader = { ...fake.loader, listed: () => registered };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RemoteLoaderProvider loader={loader}>{children}</RemoteLoaderProvider>
    );
    const { result } = renderHook(() => useMenu('student'), { wrapper });
    expect(result.current.map((entry) => entry.path)).toEqual(STUDENT_MENU);
  });

  it('draws the links of the remotes manifest in the order of the spec, loading no remote', async () => {
    const { result, fake } = menuOf('student');
    await waitFor(() => expect(result.current.map((entry) => entry.path)).toContain('/help'));
    expect(result.current.map((entry) => entry.path)).toEqual(STUDENT_MENU);
    for (const { name } of registered) expect(fake.attemptsOf(name), name).toBe(0);
  });

  it("gives mentors the mentors' links, of whichever remote", async () => {
    const { result } = menuOf('mentor');
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current.map((entry) => entry.path)).toEqual(['/mentor', '/mentor/help']);
  });

  it("keeps the shell's links while the manifest cannot be read, and adds the rest once a remote has loaded", async () => {
    let reachable = false;
    const { result, fake } = menuOf('student', async () => {
      if (!reachable) throw new Error('503');
      return registered;
    });
    await waitFor(() =>
      expect(result.current.map((entry) => entry.path)).toEqual(['/notifications', '/settings']),
    );
    reachable = true;
    await act(async () => fake.announce('journal'));
    await waitFor(() => expect(result.current.map((entry) => entry.path)).toContain('/trades'));
  });
});
