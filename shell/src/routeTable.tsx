import { ScreenNotYetAvailable, SettingsIcon } from '@yoman/ui';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RemoteMount } from './remotes/RemoteMount';
import { NotFound } from './screens/NotFound';
import { RouteError } from './screens/RouteError';
import { CentredLoading } from './session/CentredLoading';
import { ProtectedRoute, RootRedirect, SignedOutOnly, useSignedInUser } from './session/guards';

// Split so that /auth never downloads the layout (session clock, luxon) and the layout never the auth forms.
const AuthScreen = lazy(() =>
  import(/* webpackChunkName: "auth-screen" */ './auth/AuthScreen').then((m) => ({ default: m.AuthScreen })),
);
const Layout = lazy(() =>
  import(/* webpackChunkName: "layout" */ './layout/Layout').then((m) => ({ default: m.Layout })),
);

/** Which remote serves each top-level path of the authenticated area (spec §2 route table). */
export const REMOTE_MOUNTS = [
  { prefix: '/calendar', remote: 'journal' },
  { prefix: '/trades', remote: 'journal' },
  { prefix: '/analytics', remote: 'journal' },
  { prefix: '/setups', remote: 'journal' },
  { prefix: '/economic-calendar', remote: 'journal' },
  { prefix: '/leagues', remote: 'leagues' },
  { prefix: '/mentor', remote: 'mentor' },
] as const;

/** The dashboard sends mentors to their own area (spec §2). */
function HomeRoute() {
  const user = useSignedInUser();
  if (user.role === 'mentor') return <Navigate to="/mentor" replace />;
  return <RemoteMount remote="journal" prefix="/home" />;
}

const notYetAvailable = (screen: string) => <ScreenNotYetAvailable screen={screen} icon={<SettingsIcon />} />;

/** The whole route table: /auth outside, everything else inside the protected layout. */
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
              { path: 'home/*', element: <HomeRoute /> },
              ...REMOTE_MOUNTS.map(({ prefix, remote }) => ({
                path: `${prefix.slice(1)}/*`,
                element: <RemoteMount remote={remote} prefix={prefix} />,
              })),
              { path: 'notifications', element: notYetAvailable('התראות') },
              { path: 'settings', element: notYetAvailable('הגדרות') },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];
