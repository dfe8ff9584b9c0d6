// Exposed to the shell as 'leagues/routes': the leagues route objects and menu entry.
import { type IconProps, TrophyIcon } from '@yoman/ui';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ScreenNotYetAvailable } from './ScreenNotYetAvailable';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
  audience: 'student' | 'mentor';
}

export const routes: RouteObject[] = [
  { path: '/leagues', element: <ScreenNotYetAvailable screen="ליגות" /> },
];

export const menu: MenuEntry[] = [
  { path: '/leagues', label: 'ליגות', icon: TrophyIcon, audience: 'student' },
];
