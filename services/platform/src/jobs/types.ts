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

/** The jobs interface: an embedded scheduler on database rows, or BullMQ on Redis. */
export interface Jobs {
  schedule<Payload>(job: JobRequest<Payload>): Promise<void>;
  cancel(jobId: string): Promise<void>;
  register(name: string, handler: JobHandler): void;
  /** The job with this id, if scheduled (done and failed jobs are kept for inspection). */
  find(jobId: string): Promise<ScheduledJob | undefined>;
  /** Runs every job due at `now` once; returns how many ran. The poll loop calls it; tests call it directly. */
  runDueJobs(now: Date): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
