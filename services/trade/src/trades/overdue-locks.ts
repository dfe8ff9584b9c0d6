import type { JobHandler, RecurringJobRequest } from '@yoman/platform';
import { runTradeCommand } from './trade-commands';

/** The sweep's job name; it runs as recurring work beside the per-trade lock jobs. */
export const OVERDUE_LOCKS_JOB = 'trade.lock-overdue';

/** A trade's own lock job normally runs at its lock time; the sweep only takes trades later than this. */
export const OVERDUE_AFTER_MS = 60_000;
const SWEEP_BATCH = 200;

/** Every five minutes, in every installation whose workers run the trade module's jobs. */
export const overdueLocksSchedule: RecurringJobRequest = {
  id: 'trade:lock-overdue',
  name: OVERDUE_LOCKS_JOB,
  everyMs: 5 * 60_000,
  payload: null,
};

/**
 * Locks open trades whose lock window ended but whose lock job never ran: a queue lost with Redis, or a job
 * that gave up after its retries. Locking twice is harmless (the decider leaves a locked trade alone).
 */
export const lockOverdueTrades: JobHandler = async (_payload, { now, platform }) => {
  const overdue: string[] = await platform
    .db('trades')
    .where('is_locked', false)
    .where('lock_at', '<=', new Date(now.getTime() - OVERDUE_AFTER_MS))
    .orderBy('lock_at')
    .limit(SWEEP_BATCH)
    .pluck('id');
  for (const tradeId of overdue) {
    await runTradeCommand(platform, { type: 'LockTrade', data: { tradeId }, metadata: { now } });
  }
  if (overdue.length > 0)
    platform.logger.warn({ locked: overdue.length }, 'locked trades whose lock job never ran');
};
