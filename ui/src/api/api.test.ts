import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

function storeWithApi() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

type Route = { status: number; body?: unknown; statusText?: string };

function serve(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!route) return new Response('', { status: 404, statusText: 'Not Found' });
    const text = route.body === undefined ? '' : JSON.stringify(route.body);
    return new Response(text, {
      status: route.status,
      statusText: route.statusText,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const dana = {
  id: 'u1',
  username: 'dana',
  email: 'dana@example.com',
  displayName: 'דנה כהן',
  role: 'student',
  organisationId: null,
  profileImage: null,
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getUser', () => {
  it('answers null, not an error, when the session answers 401', async () => {
    serve({ 'GET /api/user': { status: 401, body: { message: 'לא מחובר', code: 'UNAUTHENTICATED' } } });
    const store = storeWithApi();
    const result = await store.dispatch(api.endpoints.getUser.initiate());
    expect(result.isSuccess).toBe(true);
    expect(result.data).toBeNull();
  });

  it('answers the user when signed in', async () => {
    serve({ 'GET /api/user': { status: 200, body: dana } });
    const store = storeWithApi();
    const result = await store.dispatch(api.endpoints.getUser.initiate());
    expect(result.data).toEqual(dana);
  });

  it('keeps other failures as errors', async () => {
    serve({ 'GET /api/user': { status: 500, statusText: 'Internal Server Error' } });
    const store = storeWithApi();
    const result = await store.dispatch(api.endpoints.getUser.initiate());
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ status: 500, message: '500: Internal Server Error' });
  });
});

describe('session mutations', () => {
  it('store the user returned by login, and clear it on logout', async () => {
    const fetchMock = serve({
      'GET /api/user': { status: 401 },
      'POST /api/login': { status: 200, body: dana },
      'POST /api/logout': { status: 200, body: { ok: true } },
    });
    const store = storeWithApi();
    const session = store.dispatch(api.endpoints.getUser.initiate());
    await session;
    expect(api.endpoints.getUser.select()(store.getState()).data).toBeNull();

    await store.dispatch(api.endpoints.login.initiate({ email: dana.email, password: 'secret123' })).unwrap();
    expect(api.endpoints.getUser.select()(store.getState()).data).toEqual(dana);

    await store.dispatch(api.endpoints.logout.initiate()).unwrap();
    expect(api.endpoints.getUser.select()(store.getState()).data).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/logout')!;
    expect(logoutCall[1]?.body).toBeUndefined();
    session.unsubscribe();
  });

  it('reject a failed login with the server message for the toast', async () => {
    serve({
      'POST /api/login': {
        status: 401,
        body: { message: 'אימייל או סיסמה שגויים', code: 'UNAUTHENTICATED' },
      },
    });
    const store = storeWithApi();
    await expect(
      store.dispatch(api.endpoints.login.initiate({ email: dana.email, password: 'wrong' })).unwrap(),
    ).rejects.toMatchObject({
      status: 401,
      serverMessage: 'אימייל או סיסמה שגויים',
      code: 'UNAUTHENTICATED',
    });
    expect(api.endpoints.getUser.select()(store.getState()).data).toBeUndefined();
  });
});

describe('settings', () => {
  it('replace the cached settings with the answer of a save', async () => {
    const before = { display: { rtlLayout: true } };
    const after = { display: { rtlLayout: false } };
    serve({
      'GET /api/user-settings': { status: 200, body: before },
      'PUT /api/user-settings': { status: 200, body: after },
    });
    const store = storeWithApi();
    const sub = store.dispatch(api.endpoints.getUserSettings.initiate());
    await sub;
    await store
      .dispatch(
        api.endpoints.updateUserSettings.initiate({
          display: { currency: 'ILS', timezone: 'Asia/Jerusalem', numberFormat: 'comma', rtlLayout: false },
        }),
      )
      .unwrap();
    expect(api.endpoints.getUserSettings.select()(store.getState()).data).toEqual(after);
    sub.unsubscribe();
  });
});
