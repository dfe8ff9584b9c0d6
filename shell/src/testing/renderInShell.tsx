import { render } from '@testing-library/react';
import { theme } from '@yoman/ui';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { RemoteLoader } from '../remotes/remoteLoader';
import type { RemoteRoutesModule } from '../remotes/remoteModule';
import type { RegisteredRemote } from '../remotes/remotesManifest';
import { RemoteLoaderProvider } from '../remotes/useRemoteModule';
import { createStore } from '../store/store';

/** A stand-in for GET /api/user and the other calls: answers by path, JSON bodies. */
export function fakeApi(answers: Record<string, { status: number; body?: unknown } | 'pending'>) {
  return async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://yoman.test').pathname;
    const answer = answers[path] ?? { status: 404, body: { message: 'לא נמצא' } };
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** A remote loader whose answers the test decides, counting how often each remote was asked for. */
export function fakeRemoteLoader(
  answer: (remoteName: string, attempt: number) => Promise<RemoteRoutesModule>,
  remotes: () => Promise<RegisteredRemote[]> = async () => [],
) {
  const attempts = new Map<string, number>();
  const listeners = new Set<(remoteName: string) => void>();
  const loader: RemoteLoader = {
    remotes,
    load(remoteName) {
      const attempt = (attempts.get(remoteName) ?? 0) + 1;
      attempts.set(remoteName, attempt);
      return answer(remoteName, attempt);
    },
    onLoaded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const announce = (remoteName: string) => {
    for (const listener of listeners) listener(remoteName);
  };
  return { loader, announce, attemptsOf: (remoteName: string) => attempts.get(remoteName) ?? 0 };
}

/** Renders routes at `path` with the shell's store, theme and remote loader, as the app does. */
export function renderInShell(
  routes: RouteObject[],
  { path = '/', loader }: { path?: string; loader?: RemoteLoader } = {},
) {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const noRemotes = fakeRemoteLoader(() => Promise.reject(new Error('no remote in this test'))).loader;
  const tree: ReactElement = (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RemoteLoaderProvider loader={loader ?? noRemotes}>
          <RouterProvider router={router} />
        </RemoteLoaderProvider>
      </ThemeProvider>
    </Provider>
  );
  return { ...render(tree), router, store };
}
