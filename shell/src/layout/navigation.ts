import {
  BellIcon,
  BookIcon,
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  HomeIcon,
  type IconProps,
  ListIcon,
  LockIcon,
  SettingsIcon,
  TrophyIcon,
  UserIcon,
  WarningIcon,
} from '@yoman/ui';
import type { ComponentType } from 'react';
import type { MenuLink, RegisteredRemote } from '../remotes/remotesManifest';

/** The two menus: students' and mentors' (spec §2, §6). */
export type Audience = MenuLink['audience'];

/** A link of a menu as the layout draws it. */
export interface MenuEntry {
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
  audience: Audience;
}

/** The icons a remote's menu link may name in remotes.config.mjs. */
export const MENU_ICONS: Readonly<Record<string, ComponentType<IconProps>>> = {
  home: HomeIcon,
  calendar: CalendarIcon,
  list: ListIcon,
  chart: ChartIcon,
  book: BookIcon,
  clock: ClockIcon,
  trophy: TrophyIcon,
  user: UserIcon,
  check: CheckIcon,
  lock: LockIcon,
  bell: BellIcon,
  settings: SettingsIcon,
  warning: WarningIcon,
};

// The spec's menu orders (§2). Remotes supply the entries; the shell decides where each one goes.
export const STUDENT_MENU_ORDER = [
  '/',
  '/calendar',
  '/trades',
  '/analytics',
  '/setups',
  '/leagues',
  '/economic-calendar',
  '/notifications',
  '/settings',
] as const;

export const MENTOR_MENU_ORDER = [
  '/mentor',
  '/mentor/students',
  '/mentor/review-queue',
  '/mentor/cohorts',
  '/mentor/leagues',
  '/mentor/analytics',
  '/mentor/trust',
  '/mentor/badges',
  '/mentor/reports',
  '/mentor/notifications',
  '/mentor/audit',
  '/mentor/settings',
] as const;

/** The student links the shell serves itself (no remote owns notifications and settings yet). */
export const SHELL_MENU: MenuEntry[] = [
  { path: '/notifications', label: 'התראות', icon: BellIcon, audience: 'student' },
  { path: '/settings', label: 'הגדרות', icon: SettingsIcon, audience: 'student' },
];

/** The remotes' menu links of the remotes manifest, each with its icon (a plain one for a name not known). */
export function remoteMenuEntries(remotes: readonly RegisteredRemote[]): MenuEntry[] {
  return remotes.flatMap(({ menu }) =>
    menu.map((link) => ({ ...link, icon: MENU_ICONS[link.icon] ?? BookIcon })),
  );
}

/** Which menu a role gets: mentors the organisation menu, any other role the student menu (spec §6). */
export function audienceOf(role: string): Audience {
  return role === 'mentor' ? 'mentor' : 'student';
}

/** The entries of one audience in the spec's order; entries the spec does not place go last. */
export function orderedMenu(entries: readonly MenuEntry[], audience: Audience): MenuEntry[] {
  const order: readonly string[] = audience === 'mentor' ? MENTOR_MENU_ORDER : STUDENT_MENU_ORDER;
  const rank = (path: string) => {
    const index = order.indexOf(path);
    return index === -1 ? order.length : index;
  };
  const unique = new Map(entries.filter((e) => e.audience === audience).map((e) => [e.path, e]));
  return [...unique.values()].sort((a, b) => rank(a.path) - rank(b.path));
}
