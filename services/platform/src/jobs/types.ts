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
  attempt: number;
}

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

/** The jobs interface: an embedded scheduler on database rows, or BullMQ on Redis. */
export interface Jobs {
  schedule<Payload>(job: JobRequest<Payload>): Promise<void>;
  cancel(jobId: string): Promise<void>;
  register(name: string, handler: JobHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
