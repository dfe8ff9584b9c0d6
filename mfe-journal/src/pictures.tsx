// The journal's screens that a page load can get already drawn (shell/src/prerender/signedInPage.tsx): each
// renders as it first shows, so the live screen takes the copy's place alike. The calendar draws its loading
// state; the dashboard draws its figures, which the gateway asks for the page (`answers`), and its live self
// keeps the copy until it shows them too.
import type { Picture } from '@yoman/ui';
import { CalendarScreen } from './calendar/CalendarScreen';
import { DASHBOARD_PICTURE_ANSWER, DashboardScreen } from './dashboard/DashboardScreen';

/** Path → the screen drawn for a page load of that path. */
export const pictures: Readonly<Record<string, Picture>> = {
  '/calendar': { screen: CalendarScreen },
  '/home': { screen: DashboardScreen, answers: [DASHBOARD_PICTURE_ANSWER] },
};
