// A signed-in page load may come with its screen drawn by the server (services/gateway/src/signed-in-pictures.ts):
// whatever the page turns out to show instead of that screen takes the copy away, so it never covers a live page.

import { cleanup, screen, waitFor } from '@testing-library/react';
import { PRERENDERED_PATH_ATTRIBUTE, PRERENDERED_SCREEN_ID } from '@yoman/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteMount } from '../remotes/RemoteMount';
import { routeTable } from '../routeTable';
import { NotFound } from '../screens/NotFound';
import { RouteError } from '../screens/RouteError';
import { SessionFailed } from '../session/SessionFailed';
import { fakeApi, fakeRemoteLoader, renderInShell } from '../testing/renderInShell';

/** The server's drawing of `path` (/calendar unless said), as its page brings it. */
function drawCopy(path = '/calendar') {
  document.getElementById(PRERENDERED_SCREEN_ID)?.remove();
  const copy = document.createElement('div');
  copy.id = PRERENDERED_SCREEN_ID;
  copy.setAttribute(PRERENDERED_PATH_ATTRIBUTE, path);
  document.body.append(copy);
}

beforeEach(() => drawCopy());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById(PRERENDERED_SCREEN_ID)?.remove();
});

const copyShown = () => document.getElementById(PRERENDERED_SCREEN_ID) !== null;

describe("the server's drawing of a signed-in screen", () => {
  it('stays while the remote loads, and goes when it cannot be loaded', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { loader } = fakeRemoteLoader(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    renderInShell([{ path: '/calendar/*', element: <RemoteMount remote="journal" prefix="/calendar" /> }], {
      path: '/calendar',
      loader,
    });
    await screen.findByRole('status', { name: 'טוען...' });
    expect(copyShown()).toBe(true);
    fail(new Error('remoteEntry.js did not load'));
    await screen.findByRole('alert');
    expect(copyShown()).toBe(false);
  });

  it('goes with the 404 page, a crashed screen and a session that could not be checked', async () => {
    for (const element of [
      <NotFound key="404" />,
      <RouteError key="crash" />,
      <SessionFailed key="session" onRetry={() => undefined} />,
    ]) {
      renderInShell([{ path: '/calendar', element }], { path: '/calendar' });
      expect(copyShown()).toBe(false);
      cleanup();
      drawCopy();
    }
  });

  describe('in the whole shell (its route table and layout), while the screen it shows is still loading', () => {
    const user = (role: 'student' | 'mentor') => ({
      id: 'u1',
      username: 'dana',
      email: 'dana@example.com',
      displayName: 'דנה כהן',
      role,
      organisationId: null,
      profileImage: null,
    });
    /** The journal serves the dashboard, the mentor remote /mentor; neither ever finishes loading. */
    function shellAt(path: string, role: 'student' | 'mentor') {
      vi.stubGlobal(
        'fetch',
        fakeApi({ '/api/user': { status: 200, body: user(role) }, '/api/user-settings': 'pending' }),
      );
      const { loader } = fakeRemoteLoader(
        () => new Promise(() => undefined),
        async () => [
          { name: 'journal', prefixes: ['/home'], menu: [] },
          { name: 'mentor', prefixes: ['/mentor'], menu: [] },
        ],
      );
      return renderInShell(routeTable, { path, loader });
    }

    it("stays over the student's dashboard, at /home and at / (which leads there)", async () => {
      for (const path of ['/home', '/']) {
        drawCopy('/home');
        const { router } = shellAt(path, 'student');
        await screen.findByRole('banner');
        await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
        expect(copyShown()).toBe(true);
        cleanup();
      }
    });

    it("goes when the shell sends a mentor from the dashboard's URL to their own area", async () => {
      drawCopy('/home');
      const { router } = shellAt('/home', 'mentor');
      await waitFor(() => expect(router.state.location.pathname).toBe('/mentor'));
      await waitFor(() => expect(copyShown()).toBe(false));
    });
  });
});
