import { DEFAULT_LOCKING_POLICY, type LockingPolicy } from '@yoman/contracts';

export interface OrganisationLocking {
  tradeLockHours: number;
  weekendLocking: boolean;
}

/** The read-only locking policy a user sees: their organisation's, or the default without one. */
export function lockingPolicyOf(organisation: OrganisationLocking | null): LockingPolicy {
  if (!organisation) return { ...DEFAULT_LOCKING_POLICY };
  const { tradeLockHours, weekendLocking } = organisation;
  const window = `עסקה ננעלת ${tradeLockHours} שעות אחרי זמן היציאה.`;
  const weekend = weekendLocking ? '' : ' שעות סוף השבוע אינן נספרות בחלון הנעילה.';
  const reason = ' לאחר הנעילה לא ניתן לערוך או למחוק אותה, כך שהנתונים משקפים את זמן המסחר האמיתי.';
  return { tradeLockHours, weekendLocking, description: `${window}${weekend}${reason}` };
}
