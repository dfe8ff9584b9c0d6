import type { Knex } from 'knex';
import { Duration } from 'luxon';

/** Failed logins counted per account and per client address over a sliding window (a table, so every process shares it). */
export const LOGIN_FAILURE_WINDOW = Duration.fromObject({ minutes: 15 });
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface LoginSubjects {
  account: string;
  address: string;
}

const subjectsOf = ({ account, address }: LoginSubjects) => ({
  account: `account:${account}`,
  address: `address:${address}`,
});

/**
 * Seconds until this login may be tried again, or 0 when it may be tried now. Blocked while the account has
 * 5 failures or the address 20 within the window; the wait ends when the oldest counted failure leaves it.
 */
export async function secondsUntilLoginAllowed(
  db: Knex,
  subjects: LoginSubjects,
  now: Date,
): Promise<number> {
  const { account, address } = subjectsOf(subjects);
  const limits = [
    { subject: account, max: MAX_FAILURES_PER_ACCOUNT },
    { subject: address, max: MAX_FAILURES_PER_ADDRESS },
  ];
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW.toMillis());
  let wait = 0;
  for (const { subject, max } of limits) {
    const recent: { failed_at: Date | string }[] = await db('login_failures')
      .where({ subject })
      .where('failed_at', '>', windowStart)
      .orderBy('failed_at', 'desc')
      .limit(max)
      .select('failed_at');
    if (recent.length < max) continue;
    // The max-th newest failure is the one whose expiry brings the count back under the limit.
    const releasing = new Date(recent[max - 1]!.failed_at).getTime() + LOGIN_FAILURE_WINDOW.toMillis();
    wait = Math.max(wait, Math.ceil((releasing - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one failed login against the account and the address, and forgets failures that left the window. */
export async function recordLoginFailure(db: Knex, subjects: LoginSubjects, now: Date): Promise<void> {
  const { account, address } = subjectsOf(subjects);
  await db('login_failures').insert([
    { subject: account, failed_at: now },
    { subject: address, failed_at: now },
  ]);
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW.toMillis());
  await db('login_failures').where('failed_at', '<=', windowStart).delete();
}

/** A successful login clears the account's failures (the address keeps its count). */
export async function forgetAccountFailures(db: Knex, subjects: LoginSubjects): Promise<void> {
  await db('login_failures')
    .where({ subject: subjectsOf(subjects).account })
    .delete();
}
