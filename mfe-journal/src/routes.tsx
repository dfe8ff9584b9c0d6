// Exposed to the shell as 'journal/routes': the journal's route objects (its menu links are in
// remotes.config.mjs, served in the remotes manifest).
// Paths are absolute; the shell mounts each under the prefix it owns (spec §2 route table).
import { BookIcon, ScreenNotYetAvailable, Skeleton } from '@yoman/ui';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton height="320px" radius="card" />}>{children}</Suspense>;
}

/**
 * A route whose screen is downloaded when the route is first shown, each screen in a chunk of its own, so
 * the menu and route table stay a small first download and a screen never waits for another's code.
 */
function lazyRoute(path: string, screen: () => Promise<{ default: ComponentType }>): RouteObject {
  const Screen = lazy(screen);
  return {
    path,
    element: (
      <Loading>
        <Screen />
      </Loading>
    ),
  };
}

const screensToCome = [{ path: '/economic-calendar', label: 'לוח כלכלי' }] as const;

export const routes: RouteObject[] = [
  lazyRoute('/home', () =>
    import(/* webpackChunkName: "journal-dashboard" */ './dashboard/DashboardScreen').then((m) => ({
      default: m.DashboardScreen,
    })),
  ),
  lazyRoute('/analytics', () =>
    import(/* webpackChunkName: "journal-analytics" */ './analytics/AnalyticsScreen').then((m) => ({
      default: m.AnalyticsScreen,
    })),
  ),
  lazyRoute('/setups', () =>
    import(/* webpackChunkName: "journal-setups" */ './setups/SetupsScreen').then((m) => ({
      default: m.SetupsScreen,
    })),
  ),
  lazyRoute('/calendar', () =>
    import(/* webpackChunkName: "calendar-screen" */ './calendar/CalendarScreen').then((m) => ({
      default: m.CalendarScreen,
    })),
  ),
  lazyRoute('/trades', () =>
    import(/* webpackChunkName: "trades-screen" */ './trades-list/TradesScreen').then((m) => ({
      default: m.TradesScreen,
    })),
  ),
  ...screensToCome.map(({ path, label }) => ({
    path,
    element: <ScreenNotYetAvailable screen={label} icon={<BookIcon />} />,
  })),
];
