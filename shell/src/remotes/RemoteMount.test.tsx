import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRemoteLoader, renderInShell } from '../testing/renderInShell';
import { RemoteMount, routesUnder } from './RemoteMount';
import type { RemoteRoutesModule } from './remoteModule';

afterEach(cleanup);

const mentorRemote: RemoteRoutesModule = {
  routes: [
    { path: '/mentor', element: <p>סקירה</p> },
    { path: '/mentor/students', element: <p>רשימת תלמידים</p> },
    { path: '/mentor/students/:id', element: <p>תלמיד אחד</p> },
    { path: '/calendar', element: <p>לא שייך לכאן</p> },
  ],
};

const mountAt = (path: string, loader: ReturnType<typeof fakeRemoteLoader>['loader']) =>
  renderInShell(
    [
      { path: '/mentor/*', element: <RemoteMount remote="mentor" prefix="/mentor" /> },
      { path: '/leagues', element: <p>הליגות עובדות</p> },
    ],
    { path, loader },
  );

describe('RemoteMount', () => {
  it('renders the remote screen for the path under its prefix', async () => {
    const { loader } = fakeRemoteLoader(async () => mentorRemote);
    mountAt('/mentor/students/42', loader);
    await screen.findByText('תלמיד אחד');
  });

  it('shows the 404 page for a path the remote does not know', async () => {
    const { loader } = fakeRemoteLoader(async () => mentorRemote);
    mountAt('/mentor/nothing-here', loader);
    await screen.findByRole('heading', { name: '404 Page Not Found' });
  });

  it('shows an error panel with a retry when the remote fails, and loads it on retry', async () => {
    const fake = fakeRemoteLoader(async (_name, attempt) => {
      if (attempt === 1) throw new Error('remoteEntry.js did not load');
      return mentorRemote;
    });
    mountAt('/mentor', fake.loader);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('המסך לא נטען');
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    await screen.findByText('סקירה');
    expect(fake.attemptsOf('mentor')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the rest of the app working while a remote is down', async () => {
    const fake = fakeRemoteLoader(async () => {
      throw new Error('down');
    });
    const { router } = mountAt('/mentor', fake.loader);
    await screen.findByRole('alert');
    await router.navigate('/leagues');
    await screen.findByText('הליגות עובדות');
  });
});

describe('routesUnder', () => {
  it('keeps only the routes below the prefix, relative to it, and ends with the 404 route', () => {
    const mounted = routesUnder(mentorRemote.routes, '/mentor');
    expect(mounted.map((route) => (route.index ? '(index)' : route.path))).toEqual([
      '(index)',
      'students',
      'students/:id',
      '*',
    ]);
  });
});
