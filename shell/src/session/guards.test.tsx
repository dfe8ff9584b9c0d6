import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@yoman/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInShell } from '../testing/renderInShell';
import { ProtectedRoute, RootRedirect, SignedOutOnly, sentElsewhere } from './guards';

const student = {
  id: 'u1',
  username: 'dana',
  email: 'dana@example.com',
  displayName: 'דנה כהן',
  role: 'student',
  organisationId: null,
  profileImage: null,
};
const mentor = { ...student, id: 'u2', role: 'mentor', displayName: 'רון המנטור' };

const routes = [
  { path: '/auth', element: <SignedOutOnly>מסך הכניסה</SignedOutOnly> },
  {
    element: <ProtectedRoute />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'calendar', element: <p>לוח השנה</p> },
      { path: 'home', element: <p>לוח הבקרה</p> },
      { path: 'mentor', element: <p>אזור המנטור</p> },
    ],
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('protected routes', () => {
  it("show a centred 'טוען...' while the session loads", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': 'pending' }));
    renderInShell(routes, { path: '/calendar' });
    expect((await screen.findByRole('status')).textContent).toBe('טוען...');
    expect(screen.queryByText('לוח השנה')).toBeNull();
  });

  it('send a visitor without a session (401) to /auth', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 401, body: { message: 'לא מחובר' } } }));
    const { router } = renderInShell(routes, { path: '/calendar' });
    await screen.findByText('מסך הכניסה');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('render the page for a signed-in user', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 200, body: student } }));
    renderInShell(routes, { path: '/calendar' });
    await screen.findByText('לוח השנה');
  });

  it('send a student from / to the dashboard (/home) and a mentor to /mentor', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 200, body: student } }));
    const first = renderInShell(routes, { path: '/' });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/home'));
    first.unmount();

    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 200, body: mentor } }));
    const second = renderInShell(routes, { path: '/' });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/mentor'));
  });

  it('send a signed-in user away from /auth to /', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 200, body: student } }));
    const { router } = renderInShell(routes, { path: '/auth' });
    await screen.findByText('לוח הבקרה');
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByText('מסך הכניסה')).toBeNull();
  });

  it('show an error with a retry, not the sign-in form, when the session check fails with a server error', async () => {
    const answers = [
      { status: 500, body: { message: 'שגיאת שרת', code: 'INTERNAL' } },
      { status: 200, body: student },
    ];
    let answerRetry = () => {};
    const retryAsked = new Promise<void>((resolve) => {
      answerRetry = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const answer = answers.shift() ?? { status: 404 };
      if (answer.status === 200) await retryAsked;
      return fakeApi({ '/api/user': answer })(input);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderInShell(routes, { path: '/calendar' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('לא הצלחנו לבדוק את החיבור שלך');
    expect(router.state.location.pathname).toBe('/calendar');
    expect(screen.queryByText('מסך הכניסה')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    // While the retry asks, the page says it is loading, not the error.
    expect((await screen.findByRole('status')).textContent).toBe('טוען...');
    expect(screen.queryByRole('alert')).toBeNull();
    answerRetry();
    await screen.findByText('לוח השנה');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('show the same error when the server cannot be reached, and send to /auth if the retry finds no session', async () => {
    let attempt = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return fakeApi({ '/api/user': { status: 401, body: { message: 'לא מחובר' } } })(input);
      }),
    );
    const { router } = renderInShell(routes, { path: '/calendar' });

    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    await screen.findByText('מסך הכניסה');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('keep a known user on their page when a later session check fails', async () => {
    const answers = [
      { status: 200, body: student },
      { status: 500, body: { message: 'שגיאת שרת' } },
    ];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      fakeApi({ '/api/user': answers.shift() ?? { status: 404 } })(input),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = renderInShell(routes, { path: '/calendar' });
    await screen.findByText('לוח השנה');

    await act(async () => {
      store.dispatch(api.util.invalidateTags(['User']));
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      await vi.waitFor(() => expect(api.endpoints.getUser.select()(store.getState()).isError).toBe(true));
    });
    expect(screen.getByText('לוח השנה')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the sign-in page', () => {
  it('keeps its form when the session check fails: signing in is the way forward', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/user': { status: 503, body: { message: 'השירות אינו זמין' } } }));
    const { router } = renderInShell(routes, { path: '/auth' });
    await screen.findByText('מסך הכניסה');
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('sentElsewhere', () => {
  it('sends a mentor from the student dashboard, and below it, to /mentor; nobody else anywhere', () => {
    expect(sentElsewhere(mentor, '/home')).toBe('/mentor');
    expect(sentElsewhere(mentor, '/home/week')).toBe('/mentor');
    expect(sentElsewhere(mentor, '/homework')).toBeNull();
    expect(sentElsewhere(mentor, '/calendar')).toBeNull();
    expect(sentElsewhere(student, '/home')).toBeNull();
  });
});
