import type { Knex } from 'knex';
import type { Platform } from '../platform';

/** A job to run once at `runAt`. Ids are deterministic (`lock:<tradeId>`): scheduling twice is harmless. */
export interface JobRequest<Payload = unknown> {
  id: string;
  name: string;
  runAt: Date;
  payload: Payload;
}

export interface JobContext {
  jobId: string;
  /** The time the job runs at (injected, so handlers never read the clock). */
  now: Date;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** The platform, so a job can append the event that is its effect. */
  platform: Platform;
}

/** A job as the scheduler holds it. */
export interface ScheduledJob<Payload = unknown> extends JobRequest<Payload> {
  status: 'scheduled' | 'running' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
}

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

/**
 * Work that recurs: every `everyMs` milliseconds, or on a `cron` pattern (5 or 6 fields) read in `timezone`
 * (default UTC). Exactly one of the two. The id names the recurrence; registering it again with the same
 * definition changes nothing, so every process may register it at start.
 */
export interface RecurringJobRequest<Payload = unknown> {
  id: string;
  name: string;
  everyMs?: number;
  cron?: string;
  timezone?: string;
  payload: Payload;
}

/** The jobs interface: an embedded scheduler on database rows, or BullMQ on Redis. */
export interface Jobs {
  /** Schedules a job once; the same id again moves it to the new time or payload (never a gap without it). */
  schedule<Payload>(job: JobRequest<Payload>): Promise<void>;
  /**
   * Schedules jobs in the caller's transaction, in one statement: only where jobs are rows of the events'
   * database (the embedded scheduler), so a command's jobs commit with its events or not at all.
   */
  storeInTransaction?(trx: Knex.Transaction, jobs: readonly JobRequest[]): Promise<void>;
  /** Registers recurring work (or updates its definition); its runs get the payload like a one-off job. */
  every<Payload>(job: RecurringJobRequest<Payload>): Promise<void>;
  /** Cancels a scheduled one-off job or stops recurring work with this id (a run in progress finishes); unknown ids are ignored. */
  cancel(jobId: string): Promise<void>;
  register(name: string, handler: JobHandler): void;
  /** The job with this id, if scheduled (done and failed jobs are kept for inspection). */
  find(jobId: string): Promise<ScheduledJob | undefined>;
  /** Runs every job due at `now` once; returns how many ran. The poll loop calls it; tests call it directly. */
  runDueJobs(now: Date): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
