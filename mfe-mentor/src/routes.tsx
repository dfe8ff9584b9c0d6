// Exposed to the shell as 'mentor/routes': the organisation area under /mentor and the mentor menu
// (spec §2 and §6: no client-side role guard; the server scopes every answer).
import {
  BellIcon,
  BookIcon,
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  HomeIcon,
  ListIcon,
  LockIcon,
  type MenuEntry,
  ScreenNotYetAvailable,
  SettingsIcon,
  TrophyIcon,
  UserIcon,
  WarningIcon,
} from '@yoman/ui';
import type { RouteObject } from 'react-router-dom';

// The mentor menu in the spec's order.
export const menu: MenuEntry[] = [
  { path: '/mentor', label: 'סקירה כללית', icon: HomeIcon, audience: 'mentor' },
  { path: '/mentor/students', label: 'תלמידים', icon: UserIcon, audience: 'mentor' },
  { path: '/mentor/review-queue', label: 'תור בדיקה', icon: CheckIcon, audience: 'mentor' },
  { path: '/mentor/cohorts', label: 'מחזורים', icon: CalendarIcon, audience: 'mentor' },
  { path: '/mentor/leagues', label: 'ליגות', icon: TrophyIcon, audience: 'mentor' },
  { path: '/mentor/analytics', label: 'אנליטיקה', icon: ChartIcon, audience: 'mentor' },
  { path: '/mentor/trust', label: 'אמון והוגנות', icon: LockIcon, audience: 'mentor' },
  { path: '/mentor/badges', label: 'תגים ופרסים', icon: BookIcon, audience: 'mentor' },
  { path: '/mentor/reports', label: 'דוחות', icon: ListIcon, audience: 'mentor' },
  { path: '/mentor/notifications', label: 'התראות מנהל', icon: BellIcon, audience: 'mentor' },
  { path: '/mentor/audit', label: 'יומן ביקורת', icon: WarningIcon, audience: 'mentor' },
  { path: '/mentor/settings', label: 'הגדרות', icon: SettingsIcon, audience: 'mentor' },
];

const screen = (path: string, label: string): RouteObject => ({
  path,
  element: <ScreenNotYetAvailable screen={label} icon={<UserIcon />} />,
});

export const routes: RouteObject[] = [
  ...menu.map(({ path, label }) => screen(path, label)),
  screen('/mentor/overview', 'סקירה כללית'),
  screen('/mentor/students/:id', 'תלמיד'),
];
