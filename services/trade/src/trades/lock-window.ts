import { DateTime } from 'luxon';

/** The organisation's locking policy (rules §2); a student without a mentor gets the defaults. */
export interface LockPolicy {
  tradeLockHours: number;
  /** True: the window runs through weekends. False: Saturday and Sunday hours do not count. */
  weekendLocking: boolean;
  /** The organisation's time zone, in which Saturday and Sunday are read. */
  timezone: string;
}

export const DEFAULT_LOCK_POLICY: LockPolicy = {
  tradeLockHours: 24,
  weekendLocking: true,
  timezone: 'Asia/Jerusalem',
};

const HOUR_MS = 3_600_000;
const isWeekend = (time: DateTime) => time.weekday === 6 || time.weekday === 7;

/** When a trade locks: its exit time plus the lock window, skipping weekend hours when the policy says so. */
export function lockAtOf(exitTime: Date, policy: LockPolicy): Date {
  const windowMs = policy.tradeLockHours * HOUR_MS;
  if (policy.weekendLocking) return new Date(exitTime.getTime() + windowMs);
  let current = DateTime.fromJSDate(exitTime, { zone: policy.timezone });
  let remainingMs = windowMs;
  // Walk weekday stretches: each ends at the next Saturday 00:00, each weekend resumes on Monday 00:00.
  while (remainingMs > 0 || isWeekend(current)) {
    if (isWeekend(current)) {
      current = current.startOf('day').plus({ days: 8 - current.weekday });
      continue;
    }
    const saturday = current.startOf('day').plus({ days: 6 - current.weekday });
    const stretchMs = saturday.toMillis() - current.toMillis();
    if (remainingMs <= stretchMs) return new Date(current.toMillis() + remainingMs);
    remainingMs -= stretchMs;
    current = saturday;
  }
  return current.toJSDate();
}
