import { BellIcon, SettingsIcon } from '@yoman/ui';
import type { MenuEntry } from '../remotes/remoteModule';
import type { RegisteredRemote } from '../remotes/remotesManifest';

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

/** The two menus: a remote's entries feed the ones its registry entry names (remotes.config.mjs). */
export type Audience = 'student' | 'mentor';

/** Whether a remote registered with menu `menu` supplies entries to the audience's menu. */
export function feedsMenu(menu: RegisteredRemote['menu'], audience: Audience): boolean {
  return menu === audience || menu === 'everyone';
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
