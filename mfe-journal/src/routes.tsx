// Exposed to the shell as 'journal/routes': the journal's route objects and its menu entries.
// Paths are absolute; the shell mounts each under the prefix it owns (spec §2 route table).
import {
  BookIcon,
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  HomeIcon,
  ListIcon,
  type MenuEntry,
  ScreenNotYetAvailable,
  Skeleton,
} from '@yoman/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';

// The screens load with their route, so the menu and route table stay a small first download.
const CalendarScreen = lazy(() =>
  import(/* webpackChunkName: "journal-screens" */ './screens').then((m) => ({ default: m.CalendarScreen })),
);
const TradesScreen = lazy(() =>
  import(/* webpackChunkName: "journal-screens" */ './screens').then((m) => ({ default: m.TradesScreen })),
);
// One chunk each: the dashboard, the analytics charts and the setups library never weigh on the calendar.
const DashboardScreen = lazy(() =>
  import(/* webpackChunkName: "journal-dashboard" */ './dashboard/DashboardScreen').then((m) => ({
    default: m.DashboardScreen,
  })),
);
const AnalyticsScreen = lazy(() =>
  import(/* webpackChunkName: "journal-analytics" */ './analytics/AnalyticsScreen').then((m) => ({
    default: m.AnalyticsScreen,
  })),
);
const SetupsScreen = lazy(() =>
  import(/* webpackChunkName: "journal-setups" */ './setups/SetupsScreen').then((m) => ({
    default: m.SetupsScreen,
  })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton height="320px" radius="card" />}>{children}</Suspense>;
}

const screensToCome = [{ path: '/economic-calendar', label: 'לוח כלכלי' }] as const;

const screen = (path: string, element: ReactNode): RouteObject => ({
  path,
  element: <Loading>{element}</Loading>,
});

export const routes: RouteObject[] = [
  screen('/home', <DashboardScreen />),
  screen('/analytics', <AnalyticsScreen />),
  screen('/setups', <SetupsScreen />),
  {
    path: '/calendar',
    element: (
      <Loading>
        <CalendarScreen />
      </Loading>
    ),
  },
  {
    path: '/trades',
    element: (
      <Loading>
        <TradesScreen />
      </Loading>
    ),
  },
  ...screensToCome.map(({ path, label }) => ({
    path,
    element: <ScreenNotYetAvailable screen={label} icon={<BookIcon />} />,
  })),
];

// '/' (not '/home') is the spec's first student link; the shell sends it on to the dashboard or /mentor.
export const menu: MenuEntry[] = [
  { path: '/', label: 'דף הבית', icon: HomeIcon, audience: 'student' },
  { path: '/calendar', label: 'יומן', icon: CalendarIcon, audience: 'student' },
  { path: '/trades', label: 'עסקאות', icon: ListIcon, audience: 'student' },
  { path: '/analytics', label: 'ניתוחים', icon: ChartIcon, audience: 'student' },
  { path: '/setups', label: 'סטאפים', icon: BookIcon, audience: 'student' },
  { path: '/economic-calendar', label: 'לוח כלכלי', icon: ClockIcon, audience: 'student' },
];
