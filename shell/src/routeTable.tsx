import { ScreenNotYetAvailable, SettingsIcon } from '@yoman/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { RouteError } from './screens/RouteError';
import { CentredLoading } from './session/CentredLoading';
import {
  ProtectedRoute,
  RootRedirect,
  SignedOutOnly,
  sentElsewhere,
  useSignedInUser,
} from './session/guards';

// Split so that /auth never downloads the layout (session clock, luxon) and the layout never the auth forms.
const AuthScreen = lazy(() =>
  import(/* webpackChunkName: "auth-screen" */ './auth/AuthScreen').then((m) => ({ default: m.AuthScreen })),
);
const Layout = lazy(() =>
  import(/* webpackChunkName: "layout" */ './layout/Layout').then((m) => ({ default: m.Layout })),
);
// With the remote loader (remoteLoader.ts), which it cannot work without: neither /auth nor the layout's
// frame waits for it, and off /auth it is already on its way from start-up (bootstrap.tsx).
const MountedRemote = lazy(() =>
  import(/* webpackChunkName: "remote-loader" */ './remotes/MountedRemote').then((m) => ({
    default: m.MountedRemote,
  })),
);

/** Mentors are sent from the student dashboard to their own area (spec §2), whichever remote serves it. */
function MentorsSkipTheDashboard() {
  const elsewhere = sentElsewhere(useSignedInUser(), useLocation().pathname);
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return <Outlet />;
}

const notYetAvailable = (screen: string) => <ScreenNotYetAvailable screen={screen} icon={<SettingsIcon />} />;

/**
 * The whole route table: /auth outside, everything else inside the protected layout. The remotes' paths
 * are not listed here: the remotes manifest says which remote serves which prefix (MountedRemote).
 */
export const routeTable: RouteObject[] = [
  {
    path: '/auth',
    element: (
      <SignedOutOnly>
        <Suspense fallback={<CentredLoading />}>
          <AuthScreen />
        </Suspense>
      </SignedOutOnly>
    ),
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: (
          <Suspense fallback={<CentredLoading />}>
            <Layout />
          </Suspense>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <RootRedirect /> },
              { path: 'notifications', element: notYetAvailable('התראות') },
              { path: 'settings', element: notYetAvailable('הגדרות') },
              {
                element: <MentorsSkipTheDashboard />,
                children: [
                  {
                    path: '*',
                    element: (
                      <Suspense fallback={null}>
                        <MountedRemote />
                      </Suspense>
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
