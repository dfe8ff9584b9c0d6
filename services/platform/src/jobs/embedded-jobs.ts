import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock, Platform } from '../platform';
import { checkedRecurrence, nextRunOf, type Recurrence } from './recurrence';
import type { JobHandler, JobRequest, Jobs, ScheduledJob } from './types';

const DEFAULT_POLL_MS = 2000;
const DEFAULT_MAX_ATTEMPTS = 5;
const DUE_BATCH = 50;

interface JobRow {
  id: string;
  name: string;
  run_at: Date | string;
  payload: unknown;
  status: ScheduledJob['status'];
  attempts: number;
  last_error: string | null;
  /** Set on recurring work: the row is scheduled again after each run. */
  recurrence?: Recurrence | null;
}

export interface EmbeddedJobsOptions {
  clock: Clock;
  logger: Logger;
  /** The platform handed to handlers (it holds these jobs, hence a function). */
  platform: () => Platform;
  /** How often the poll loop looks for due jobs (0: no loop; tests call `runDueJobs`). */
  pollIntervalMs?: number;
  maxAttempts?: number;
}

/** Delay before retry number `attempt` (1-based): 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

/**
 * Schedules jobs in one statement, on `db` or in a caller's transaction. The same job scheduled again changes
 * nothing; a new time or payload replaces the old one. Of two with one id, the last is kept.
 */
async function storeJobs(db: Knex, jobs: readonly JobRequest[], now: Date): Promise<void> {
  if (jobs.length === 0) return;
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const rows = [...byId.values()].map((job) => ({
    id: job.id,
    name: job.name,
    run_at: job.runAt,
    payload: JSON.stringify(job.payload ?? null),
    status: 'scheduled',
    attempts: 0,
    last_error: null,
    updated_at: now,
  }));
  await db('jobs')
    .insert(rows)
    .onConflict('id')
    .merge(['name', 'run_at', 'payload', 'status', 'attempts', 'last_error', 'updated_at'])
    .whereRaw(
      "jobs.status not in ('done', 'running') or jobs.run_at <> excluded.run_at or jobs.payload <> excluded.payload",
    );
}

/** The embedded scheduler: jobs are rows in `jobs`, so they survive a restart; a timer runs the due ones. */
export function createEmbeddedJobs(db: Knex, options: EmbeddedJobsOptions): Jobs {
  const handlers = new Map<string, JobHandler>();
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let poll: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;

  /** A recurring row's next occurrence after a run that succeeded or gave up; undefined for one-off jobs. */
  const nextOccurrence = (row: JobRow, now: Date) =>
    row.recurrence ? { status: 'scheduled', run_at: nextRunOf(row.recurrence, now), attempts: 0 } : undefined;

  const runOne = async (row: JobRow, now: Date) => {
    const handler = handlers.get(row.name);
    try {
      if (!handler) throw new Error(`No handler is registered for jobs named ${row.name}`);
      await handler(row.payload, { jobId: row.id, now, attempt: row.attempts, platform: options.platform() });
      await db('jobs')
        .where({ id: row.id, status: 'running' })
        .update({ status: 'done', ...nextOccurrence(row, now), last_error: null, updated_at: now });
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const retry = handler !== undefined && row.attempts < maxAttempts;
      options.logger.error({ err: error, jobId: row.id, attempt: row.attempts, retry }, 'job failed');
      await db('jobs')
        .where({ id: row.id, status: 'running' })
        .update({
          status: retry ? 'scheduled' : 'failed',
          run_at: retry ? new Date(now.getTime() + retryDelayMs(row.attempts)) : row.run_at,
          ...(retry ? {} : nextOccurrence(row, now)),
          last_error: lastError,
          updated_at: now,
        });
    }
  };

  const runDueJobs = async (now: Date) => {
    const due: JobRow[] = await db('jobs')
      .where({ status: 'scheduled' })
      .where('run_at', '<=', now)
      .orderBy('run_at')
      .limit(DUE_BATCH);
    let ran = 0;
    for (const candidate of due) {
      const claimed: JobRow[] = await db('jobs')
        .where({ id: candidate.id, status: 'scheduled' })
        .where('run_at', '<=', now)
        .update({ status: 'running', attempts: db.raw('attempts + 1'), updated_at: now })
        .returning('*');
      if (claimed.length === 0) continue;
      ran += 1;
      await runOne(claimed[0], now);
    }
    return ran;
  };

  const tick = () => {
    if (inFlight) return;
    inFlight = runDueJobs(options.clock.now());
    inFlight
      .catch((error) => options.logger.error({ err: error }, 'the job scheduler could not run due jobs'))
      .finally(() => {
        inFlight = undefined;
      });
  };

  return {
    schedule: (job) => storeJobs(db, [job], options.clock.now()),
    storeInTransaction: (trx, jobs) => storeJobs(trx, jobs, options.clock.now()),
    async every(request) {
      const recurrence = checkedRecurrence(request);
      const now = options.clock.now();
      const row = {
        id: request.id,
        name: request.name,
        run_at: nextRunOf(recurrence, now),
        payload: JSON.stringify(request.payload ?? null),
        recurrence: JSON.stringify(recurrence),
        status: 'scheduled',
        attempts: 0,
        last_error: null,
        updated_at: now,
      };
      // Every process registers its recurring work at start: the same definition keeps the next run as it is.
      await db('jobs')
        .insert(row)
        .onConflict('id')
        .merge(['name', 'run_at', 'payload', 'recurrence', 'status', 'attempts', 'last_error', 'updated_at'])
        .whereRaw(
          'jobs.recurrence is distinct from excluded.recurrence or jobs.payload <> excluded.payload or jobs.name <> excluded.name',
        );
    },
    async cancel(jobId) {
      // A job running now is left to finish (and recurring work to schedule its next run): cancel again after.
      await db('jobs').where({ id: jobId }).whereIn('status', ['scheduled', 'failed']).delete();
    },
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`Two job handlers are named ${name}`);
      handlers.set(name, handler);
    },
    async find(jobId) {
      const row: JobRow | undefined = await db('jobs').where({ id: jobId }).first();
      return row && toScheduledJob(row);
    },
    runDueJobs,
    async start() {
      // One embedded scheduler per database: a job left running by a crash is due again.
      await db('jobs').where({ status: 'running' }).update({ status: 'scheduled' });
      const interval = options.pollIntervalMs ?? DEFAULT_POLL_MS;
      if (interval > 0 && !poll) {
        poll = setInterval(tick, interval);
        poll.unref();
      }
    },
    async stop() {
      if (poll) clearInterval(poll);
      poll = undefined;
      await inFlight?.catch(() => {});
    },
  };
}

function toScheduledJob(row: JobRow): ScheduledJob {
  return {
    id: row.id,
    name: row.name,
    runAt: row.run_at instanceof Date ? row.run_at : new Date(row.run_at),
    payload: row.payload,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
  };
}
