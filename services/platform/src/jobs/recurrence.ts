import { CronExpressionParser } from 'cron-parser';
import type { RecurringJobRequest } from './types';

/** How work recurs, as the schedulers store it. */
export type Recurrence = Pick<RecurringJobRequest, 'everyMs' | 'cron' | 'timezone'>;

/** Refuses a recurrence that is neither (or both) an interval and a cron pattern, or whose pattern is unreadable. */
export function checkedRecurrence(request: RecurringJobRequest): Recurrence {
  const { everyMs, cron, timezone } = request;
  if ((everyMs === undefined) === (cron === undefined)) {
    throw new Error(`Recurring job ${request.id} needs exactly one of everyMs and cron`);
  }
  if (everyMs !== undefined && (!Number.isInteger(everyMs) || everyMs <= 0)) {
    throw new Error(`Recurring job ${request.id} needs a positive whole everyMs, not ${everyMs}`);
  }
  if (cron !== undefined) CronExpressionParser.parse(cron, { tz: timezone ?? 'UTC' });
  return everyMs !== undefined ? { everyMs } : { cron, timezone: timezone ?? 'UTC' };
}

/** The first run strictly after `after`. */
export function nextRunOf(recurrence: Recurrence, after: Date): Date {
  if (recurrence.everyMs !== undefined) return new Date(after.getTime() + recurrence.everyMs);
  const pattern = CronExpressionParser.parse(recurrence.cron as string, {
    currentDate: after,
    tz: recurrence.timezone ?? 'UTC',
  });
  return pattern.next().toDate();
}
