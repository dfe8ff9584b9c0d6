import type { TrustChangeReason } from '@yoman/contracts';

/** Trust score of a new trade (spec §9). */
export const TRUST_SCORE_INITIAL = 100;

/** How much each recorded reason costs (rules §2). */
export const TRUST_PENALTIES: Record<TrustChangeReason, number> = {
  late_logging: 5,
  logged_after_lock: 25,
  no_screenshot_at_lock: 15,
  material_edit: 10,
};

/** Material edits together cost at most this much. */
export const MATERIAL_EDIT_PENALTY_CAP = 30;

/** Logging more than this long after exit is late. */
export const LATE_LOGGING_AFTER_MS = 3_600_000;

/** The change a penalty makes to a score: never below 0, so the change may be smaller than the penalty. */
export function trustChangeOf(score: number, penalty: number): number {
  return -Math.min(penalty, score);
}

/** The reason a log at `loggedAt` costs trust, if any: after the lock window −25, else over an hour late −5. */
export function lateLoggingReason(
  exitTime: Date,
  loggedAt: Date,
  lockAt: Date,
): TrustChangeReason | undefined {
  if (loggedAt.getTime() >= lockAt.getTime()) return 'logged_after_lock';
  if (loggedAt.getTime() - exitTime.getTime() > LATE_LOGGING_AFTER_MS) return 'late_logging';
  return undefined;
}
