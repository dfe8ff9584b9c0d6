import { initialsOf } from '@yoman/ui';

/** The name the layout shows: the display name, or 'משתמש' when there is none (spec §2). */
export function shownNameOf(displayName: string | null | undefined): string {
  const trimmed = displayName?.trim();
  return trimmed ? trimmed : 'משתמש';
}

/** The role label: 'מנטור' for mentors, 'תלמיד' for any other role (spec §1, §6). */
export function roleLabelOf(role: string): string {
  return role === 'mentor' ? 'מנטור' : 'תלמיד';
}

export { initialsOf };
