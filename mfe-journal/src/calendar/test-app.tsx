import { configureStore } from '@reduxjs/toolkit';
import { cleanup, configure, render } from '@testing-library/react';
import { api } from '@yoman/ui';
import { DesignSystemProvider } from '@yoman/ui/provider';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';

// For tests: the journal screens inside the app's providers, answered by an in-memory /api in place of fetch.

// The machines are shared by several test runs at once; findBy/waitFor get a few seconds, not one.
configure({ asyncUtilTimeout: 5000 });

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeApi = (request: FakeRequest) => FakeAnswer | undefined;

/** Stubs fetch with `answer`; unknown calls get a 404 JSON error. Returns the list of requests made. */
export function fakeApi(answer: FakeApi): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const request = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: new Headers(init?.headers),
        body,
      };
      requests.push(request);
      const reply = answer(request) ?? { status: 404, body: { message: 'לא נמצא', code: 'NOT_FOUND' } };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return requests;
}

/** Renders a screen with a fresh store (the shell's api reducer and middleware), theme, router and toaster. */
export function renderInApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(api.middleware),
  });
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <DesignSystemProvider>{ui}</DesignSystemProvider>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}

/** Around each test of a screen: console warnings silenced, then the DOM, the fake fetch and the spies undone. */
export function resetScreenAfterEachTest() {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** A trade as POST/PUT /api/trades answers it: the body sent, with the fields the server fills in. */
export function savedTradeOf(
  body: Record<string, unknown>,
  figures: { rMultiple: string } = { rMultiple: '1.9619' },
) {
  return {
    ...body,
    id: SAVED_TRADE_ID,
    targetPrice: null,
    pnlUsd: '637.60',
    pnlIls: '2331.06',
    rMultiple: figures.rMultiple,
    notes: null,
    hasScreenshot: false,
    screenshotUrl: null,
    isLocked: false,
    lockAt: '2026-11-23T10:00:00.000Z',
    trustScore: 100,
  };
}

export const SAVED_TRADE_ID = '6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11';
