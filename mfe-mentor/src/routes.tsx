// Exposed to the shell as 'mentor/routes': the organisation area under /mentor (spec §2 and §6: no
// client-side role guard; the server scopes every answer).
import { ScreenNotYetAvailable, UserIcon } from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';
import { remoteNamed } from '../../remotes.config.mjs';

// One screen per link of the mentor menu (remotes.config.mjs, served in the remotes manifest).
const { menu } = remoteNamed('mentor');
const screen = (path: string, label: string): RouteObject => ({
  path,
  element: <ScreenNotYetAvailable screen={label} icon={<UserIcon />} />,
});

export const routes: RouteObject[] = [
  ...menu.map(({ path, label }) => screen(path, label)),
  screen('/mentor/overview', 'סקירה כללית'),
  screen('/mentor/students/:id', 'תלמיד'),
];
