// Exposed to the shell as 'leagues/routes': the leagues route objects (its menu link is in
// remotes.config.mjs, served in the remotes manifest).
import { ScreenNotYetAvailable, TrophyIcon } from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';

export const routes: RouteObject[] = [
  { path: '/leagues', element: <ScreenNotYetAvailable screen="ליגות" icon={<TrophyIcon />} /> },
];
