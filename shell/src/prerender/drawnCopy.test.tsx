// A signed-in page load may come with its screen drawn by the server (services/gateway/src/signed-in-pictures.ts):
// whatever the page turns out to show instead of that screen takes the copy away, so it never covers a live page.

import { cleanup, screen } from '@testing-library/react';
import { PRERENDERED_PATH_ATTRIBUTE, PRERENDERED_SCREEN_ID } from '@yoman/ui';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RemoteMount } from '../remotes/RemoteMount';
import { NotFound } from '../screens/NotFound';
import { RouteError } from '../screens/RouteError';
import { SessionFailed } from '../session/SessionFailed';
import { fakeRemoteLoader, renderInShell } from '../testing/renderInShell';

/** The server's drawing of /calendar, as its page brings it. */
function drawCopy() {
  const copy = document.createElement('div');
  copy.id = PRERENDERED_SCREEN_ID;
  copy.setAttribute(PRERENDERED_PATH_ATTRIBUTE, '/calendar');
  document.body.append(copy);
}

beforeEach(drawCopy);

afterEach(() => {
  cleanup();
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
});
