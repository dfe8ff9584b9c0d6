import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { RemoteRoutesModule } from '@yoman/ui';
import { afterEach, describe, expect, it } from 'vitest';
// The front-end registry the gateway's manifest is built from: the shell must mount whatever it lists.
import { remotesManifestOf } from '../../../remotes.config.mjs';
import { fakeRemoteLoader, renderInShell } from '../testing/renderInShell';
import { MountedRemote } from './MountedRemote';
import { mountOf, type RegisteredRemote } from './remotesManifest';

afterEach(cleanup);

const registered: RegisteredRemote[] = remotesManifestOf(() => 'unused').remotes.map(
  ({ entry: _entry, ...remote }) => remote,
);

// A stand-in for each remote: one screen per prefix it is registered under, naming the remote.
const moduleOf = (name: string): RemoteRoutesModule => ({
  routes: (registered.find((remote) => remote.name === name)?.prefixes ?? []).flatMap((prefix) => [
    { path: prefix, element: <p>{`${name} ${prefix}`}</p> },
    { path: `${prefix}/inner`, element: <p>{`${name} ${prefix}/inner`}</p> },
  ]),
});

const mountedAt = (
  path: string,
  loader = fakeRemoteLoader(
    async (name) => moduleOf(name),
    async () => registered,
  ),
) => {
  renderInShell([{ path: '*', element: <MountedRemote /> }], { path, loader: loader.loader });
  return loader;
};

describe('MountedRemote', () => {
  it('mounts every registered remote under each of its prefixes, and paths below them', async () => {
    expect(registered.length).toBeGreaterThan(0);
    for (const { name, prefixes } of registered) {
      for (const prefix of prefixes) {
        for (const path of [prefix, `${prefix}/inner`]) {
          mountedAt(path);
          await screen.findByText(`${name} ${path}`);
          cleanup();
        }
      }
    }
  });

  it('shows the 404 page for a path no remote serves', async () => {
    mountedAt('/nowhere');
    await screen.findByRole('heading', { name: '404 Page Not Found' });
  });

  it('shows the error panel with a retry when the remotes manifest fails, and mounts on retry', async () => {
    let manifestAttempts = 0;
    const loader = fakeRemoteLoader(
      async (name) => moduleOf(name),
      async () => {
        manifestAttempts += 1;
        if (manifestAttempts === 1) throw new Error('503: Service Unavailable');
        return registered;
      },
    );
    mountedAt('/leagues', loader);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('המסך לא נטען');
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    await screen.findByText('leagues /leagues');
  });
});

describe('mountOf', () => {
  const remotes: RegisteredRemote[] = [
    { name: 'journal', prefixes: ['/calendar', '/trades'], menu: [] },
    { name: 'mentor', prefixes: ['/mentor'], menu: [] },
  ];
  it('matches whole path segments only', () => {
    expect(mountOf(remotes, '/trades/42')).toEqual({ remote: 'journal', prefix: '/trades' });
    expect(mountOf(remotes, '/mentor')).toEqual({ remote: 'mentor', prefix: '/mentor' });
    expect(mountOf(remotes, '/mentoring')).toBeNull();
  });
});
