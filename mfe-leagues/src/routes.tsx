// Exposed to the shell as 'leagues/routes': the leagues route objects and menu entry.
import { type MenuEntry, ScreenNotYetAvailable, TrophyIcon } from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: '/leagues', element: <ScreenNotYetAvailable screen="ליגות" icon={<TrophyIcon />} /> },
];

export const menu: MenuEntry[] = [
  { path: '/leagues', label: 'ליגות', icon: TrophyIcon, audience: 'student' },
];
