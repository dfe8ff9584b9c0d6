import { ErrorPanel, Skeleton, useRemovesPrerenderedScreen } from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';
import { useRoutes } from 'react-router-dom';
import styled from 'styled-components';
import { NotFound } from '../screens/NotFound';
import { pageRetry } from './pageRetry';
import { useRemoteModule } from './useRemoteModule';

const Loading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

/**
 * Renders the part of a remote that lives under `prefix` (e.g. '/mentor'). While the remote loads it shows
 * a skeleton; when it cannot be loaded, an error panel with a retry, and the rest of the app keeps working.
 */
export function RemoteMount({ remote, prefix }: { remote: string; prefix: string }) {
  const state = useRemoteModule(remote);
  if (state.status === 'loading') return <RemoteLoading />;
  if (state.status === 'failed') return <RemoteFailed retry={state.retry} />;
  return <RemoteRoutes routes={routesUnder(state.value.routes, prefix)} />;
}

/** Where a remote's screen will be, while it (or the remotes manifest) loads. */
export function RemoteLoading() {
  return (
    // A status, so that its name is allowed (a plain div may not carry aria-label) and it is announced.
    <Loading role="status" aria-busy="true" aria-label="טוען...">
      <Skeleton height="32px" width="40%" />
      <Skeleton height="240px" radius="card" />
    </Loading>
  );
}

/** Where a remote's screen would be when it (or the remotes manifest) could not be loaded. */
export function RemoteFailed({ retry }: { retry: () => void }) {
  useRemovesPrerenderedScreen();
  return (
    <ErrorPanel
      title="המסך לא נטען"
      message="לא הצלחנו לטעון את החלק הזה של האפליקציה. שאר האפליקציה ממשיכה לעבוד; בדוק את החיבור ונסה שוב."
      onRetry={pageRetry(retry)}
    />
  );
}

function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The remote's routes below `prefix`, made relative to it, with the 404 page for anything else. */
export function routesUnder(routes: RouteObject[], prefix: string): RouteObject[] {
  const mounted = routes.flatMap((route): RouteObject[] => {
    const path = route.path ?? '';
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return [];
    const relative = path.slice(prefix.length).replace(/^\/+/u, '');
    if (relative === '' && !route.children) {
      return [
        { index: true, element: route.element, Component: route.Component, errorElement: route.errorElement },
      ];
    }
    return [{ ...route, index: false, path: relative }];
  });
  return [...mounted, { path: '*', element: <NotFound /> }];
}
