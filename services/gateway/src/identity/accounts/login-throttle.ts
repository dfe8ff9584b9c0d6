import type { Knex } from 'knex';
import { Duration } from 'luxon';

/**
 * Attempts counted per subject over a sliding window, in a table, so every process of either run mode shares
 * the counts. The scheme (docs/decisions.md, "Sign-in throttling"):
 * - a failed login counts against the pair (account, address), the address and the account;
 * - a login from a device that signed in to that account before (its encrypted `yoman_device` cookie) counts
 *   against that device only, so strangers elsewhere cannot lock the owner out of it;
 * - every registration counts against its address.
 */
export const ATTEMPT_WINDOW = Duration.fromObject({ minutes: 15 });
/** Wrong passwords for one account from one address: the bound a person mistyping meets. */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Wrong passwords from one address, whatever the accounts: one machine guessing. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Wrong passwords for one account from anywhere: guessing spread over many addresses. */
export const MAX_FAILURES_PER_ACCOUNT = 50;
/** Wrong passwords for one account from one of its known devices. */
export const MAX_FAILURES_PER_KNOWN_DEVICE = 5;
/** Registrations from one address (as many as its failed logins: a class behind one school router still fits). */
export const MAX_REGISTRATIONS_PER_ADDRESS = 20;

/** At most `max` counted attempts of `subject` within the window. */
export interface AttemptLimit {
  subject: string;
  max: number;
}

/** A login: the account's e-mail key, the client's address and, when it has signed in before, its device. */
export interface LoginAttempt {
  account: string;
  address: string;
  /** The device id of a `yoman_device` cookie that signed in to this account before. */
  knownDeviceId?: string;
}

const pairSubject = ({ account, address }: LoginAttempt) => `account-address:${account}|${address}`;
const deviceSubject = (account: string, deviceId: string) => `device:${account}|${deviceId}`;

/** The bounds a login meets: its known device's own, or those of the pair, the address and the account. */
export function loginLimitsOf(attempt: LoginAttempt): AttemptLimit[] {
  const { account, address, knownDeviceId } = attempt;
  if (knownDeviceId) {
    return [{ subject: deviceSubject(account, knownDeviceId), max: MAX_FAILURES_PER_KNOWN_DEVICE }];
  }
  return [
    { subject: pairSubject(attempt), max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS },
    { subject: `address:${address}`, max: MAX_FAILURES_PER_ADDRESS },
    { subject: `account:${account}`, max: MAX_FAILURES_PER_ACCOUNT },
  ];
}

/** The bound registrations from an address meet. */
export const registrationLimitsOf = (address: string): AttemptLimit[] => [
  { subject: `register:${address}`, max: MAX_REGISTRATIONS_PER_ADDRESS },
];

/**
 * Seconds until an attempt under these limits may be made, or 0 when it may be made now. The wait ends when
 * the oldest attempt that keeps a subject at its bound leaves the window.
 */
export async function secondsUntilAllowed(
  db: Knex,
  limits: readonly AttemptLimit[],
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - ATTEMPT_WINDOW.toMillis());
  let wait = 0;
  for (const { subject, max } of limits) {
    const recent: { failed_at: Date | string }[] = await db('login_failures')
      .where({ subject })
      .where('failed_at', '>', windowStart)
      .orderBy('failed_at', 'desc')
      .limit(max)
      .select('failed_at');
    if (recent.length < max) continue;
    // The max-th newest attempt is the one whose expiry brings the count back under the bound.
    const releasing = new Date(recent[max - 1]!.failed_at).getTime() + ATTEMPT_WINDOW.toMillis();
    wait = Math.max(wait, Math.ceil((releasing - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one attempt against every subject of the limits, and forgets attempts that left the window. */
export async function recordAttempt(db: Knex, limits: readonly AttemptLimit[], now: Date): Promise<void> {
  await db('login_failures').insert(limits.map(({ subject }) => ({ subject, failed_at: now })));
  const windowStart = new Date(now.getTime() - ATTEMPT_WINDOW.toMillis());
  await db('login_failures').where('failed_at', '<=', windowStart).delete();
}

/**
 * A successful login clears the failures of its own pair or device. The address and account-wide counts stay,
 * so a guesser who also knows one password gains no fresh attempts on others.
 */
export async function forgetLoginFailures(db: Knex, attempt: LoginAttempt): Promise<void> {
  const subjects = [pairSubject(attempt)];
  if (attempt.knownDeviceId) subjects.push(deviceSubject(attempt.account, attempt.knownDeviceId));
  await db('login_failures').whereIn('subject', subjects).delete();
}
