// The journal's screens that a page load can get already drawn (shell/src/prerender/signedInPage.tsx): each
// renders in its loading state, the state it first shows, so the live screen takes the copy's place alike.
import type { ComponentType } from 'react';
import { CalendarScreen } from './calendar/CalendarScreen';

/** Path → the screen drawn for a page load of that path. */
export const pictures: Readonly<Record<string, ComponentType>> = {
  '/calendar': CalendarScreen,
};
