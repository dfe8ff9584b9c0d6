import { Duration } from 'luxon';

/** A session unused this long is refused, whatever the cookie says. */
export const SESSION_IDLE_LIFETIME = Duration.fromObject({ days: 7 });
/** No session lives longer than this from its login, active or not; also the "remember me" cookie age. */
export const SESSION_ABSOLUTE_LIFETIME = Duration.fromObject({ days: 30 });
/** Last-active times are written at most this often, so browsing does not turn every request into a write. */
export const LAST_ACTIVE_THROTTLE = Duration.fromObject({ minutes: 1 });

export interface SessionTimes {
  lastActiveAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Whether a stored session may still authenticate a request at `now`. */
export function isSessionAlive(session: SessionTimes, now: Date): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastActiveAt.getTime() < SESSION_IDLE_LIFETIME.toMillis();
}

/** Whether the stored last-active time is old enough to be worth rewriting. */
export function isLastActiveStale(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= LAST_ACTIVE_THROTTLE.toMillis();
}
