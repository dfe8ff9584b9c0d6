import type { Job, JobsOptions, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { distributedDrivers } from '../distributed-drivers';
import type { Clock, Platform } from '../platform';
import { retryDelayMs } from './embedded-jobs';
import { checkedRecurrence } from './recurrence';
import { createRedisProducer, quit, REDIS_STARTUP_ANSWER_MS } from './redis-producer';
import { settlesWithin } from './settles-within';
import type { JobHandler, JobRequest, Jobs, ScheduledJob } from './types';

const DEFAULT_QUEUE = 'yoman-jobs';
const DEFAULT_MAX_ATTEMPTS = 5;
/** Runs of recurring work kept for inspection; one-off jobs are kept until cancelled. */
const RECURRING_RUNS_KEPT = 50;
const RUN_DUE_WAIT_MS = 30_000;
const RUN_DUE_POLL_MS = 20;
/** Within the process's 10 s shutdown, leaving time for the projectors and the database to close. */
const DEFAULT_CLOSE_WAIT_MS = 5000;

/** What a job holds in Redis: our id and the requested time beside the payload. */
interface StoredJob {
  id: string;
  payload: unknown;
  /** The time the caller asked for (ISO); scheduling again with it changes nothing. Absent on recurring runs. */
  runAt?: string;
  /** The time the next attempt is due (ISO): `runAt`, or after a failure the retry time. */
  dueAt?: string;
}

export interface BullmqJobsOptions {
  redisUrl: string;
  clock: Clock;
  logger: Logger;
  /** The platform handed to handlers (it holds these jobs, hence a function). */
  platform: () => Platform;
  /** One queue per installation (`config.jobsQueue`); tests give each file its own. Default `yoman-jobs`. */
  queueName?: string;
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based); the embedded scheduler's 30 s doubling by default. */
  retryDelay?: (attempt: number) => number;
  /** Run a worker in this process (default true); an `api` process only produces. */
  work?: boolean;
  /** How long a worker's hold on a running job lasts unless renewed (ms; BullMQ's 30 s by default). */
  lockDuration?: number;
  /** How often a worker looks for jobs whose worker died (ms; BullMQ's 30 s by default). */
  stalledInterval?: number;
  /** How long `stop()` waits for the worker to finish its jobs and close (ms; 5 s by default). */
  closeWaitMs?: number;
}

/** BullMQ keeps ':' for its own keys, so our ids (`lock:<tradeId>`) are escaped reversibly. */
export function bullmqJobId(id: string): string {
  return `yoman-${id.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
}

const STATUS_OF: Record<string, ScheduledJob['status']> = {
  delayed: 'scheduled',
  waiting: 'scheduled',
  prioritized: 'scheduled',
  'waiting-children': 'scheduled',
  active: 'running',
  completed: 'done',
  failed: 'failed',
};

/**
 * The jobs interface on BullMQ and Redis: one queue and (with `work`) one worker per process. Producer
 * commands fail fast with a 503 when Redis does not answer; retries back off like the embedded scheduler;
 * recurring work is a BullMQ job scheduler.
 */
export function createBullmqJobs(options: BullmqJobsOptions): Jobs {
  const queueName = options.queueName ?? DEFAULT_QUEUE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const handlers = new Map<string, JobHandler>();
  const { producer, whileRedisAnswers, whenReady } = createRedisProducer(options.redisUrl, options.logger);
  const { Queue, Worker } = distributedDrivers.bullmq();
  const queue = new Queue<StoredJob>(queueName, {
    connection: producer,
    skipWaitingForReady: true,
    // The version check is one more round trip before the first command; the worker still checks.
    skipVersionCheck: true,
  });
  queue.on('error', (error) => options.logger.warn({ err: error }, 'the jobs queue failed'));
  let workerConnection: Redis | undefined;
  let worker: Worker<StoredJob> | undefined;
  const retrying: JobsOptions = { attempts: maxAttempts, backoff: { type: 'yoman' } };

  const runAttempt = async (job: Job<StoredJob>) => {
    const stored = job.data;
    const handler = handlers.get(job.name);
    if (!handler) throw new Error(`No handler is registered for jobs named ${job.name}`);
    const now = options.clock.now();
    const attempt = job.attemptsMade + 1;
    try {
      await handler(stored.payload, { jobId: stored.id, now, attempt, platform: options.platform() });
    } catch (error) {
      options.logger.error(
        { err: error, jobId: stored.id, attempt, retry: attempt < maxAttempts },
        'job failed',
      );
      if (attempt < maxAttempts) {
        // The retry time on our clock, so `find` and `runDueJobs` see it as the embedded scheduler would.
        const dueAt = new Date(now.getTime() + retryDelay(attempt)).toISOString();
        await job.updateData({ ...stored, dueAt });
      }
      throw error;
    }
  };

  const findJob = async (jobId: string) =>
    (await queue.getJob(bullmqJobId(jobId))) as Job<StoredJob> | undefined;

  /** Places a new time or payload on an existing job without a moment in which the job does not exist. */
  const moveJob = async (existing: Job<StoredJob>, request: JobRequest, stored: StoredJob, delay: number) => {
    const state = await existing.getState();
    const same =
      existing.data.runAt === stored.runAt &&
      JSON.stringify(existing.data.payload) === JSON.stringify(stored.payload);
    if (same && state !== 'failed') return;
    if (state === 'delayed') {
      // Two atomic scripts on the same job: the data first, so a run between them already sees the new payload.
      await existing.updateData(stored);
      await existing.changeDelay(delay);
      return;
    }
    if (state === 'waiting' || state === 'prioritized' || state === 'active') {
      // Due or running already: it keeps its place and the new data; BullMQ cannot delay it without its lock.
      await existing.updateData(stored);
      return;
    }
    // Done or given up: nothing pending is lost while the finished record is replaced by a new job.
    await existing.remove();
    await addJob(request, stored, delay);
  };

  const addJob = (request: JobRequest, stored: StoredJob, delay: number) =>
    queue.add(request.name, stored, {
      ...retrying,
      jobId: bullmqJobId(request.id),
      delay,
      removeOnComplete: false,
      removeOnFail: false,
    });

  /** Waits until the worker has taken and finished (or failed) one attempt of each job. */
  const waitForAttempts = async (started: Map<string, number>) => {
    const deadline = Date.now() + RUN_DUE_WAIT_MS;
    for (const [id, before] of started) {
      for (;;) {
        const job = await queue.getJob(id);
        const state = job ? await job.getState() : 'unknown';
        if (!job || ((job.attemptsStarted ?? 0) > before && state !== 'active')) break;
        if (Date.now() > deadline) throw new Error(`The job ${id} did not run within ${RUN_DUE_WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, RUN_DUE_POLL_MS));
      }
    }
  };

  return {
    async schedule(request) {
      const now = options.clock.now();
      const runAt = request.runAt.toISOString();
      const stored: StoredJob = { id: request.id, payload: request.payload ?? null, runAt, dueAt: runAt };
      const delay = Math.max(0, request.runAt.getTime() - now.getTime());
      await whileRedisAnswers(async () => {
        const existing = await findJob(request.id);
        if (existing) await moveJob(existing, request, stored, delay);
        else await addJob(request, stored, delay);
      });
    },
    async every(request) {
      const recurrence = checkedRecurrence(request);
      const repeat =
        recurrence.everyMs !== undefined
          ? { every: recurrence.everyMs }
          : { pattern: recurrence.cron, tz: recurrence.timezone };
      // Registered while the process starts, not on a request: it may wait for a slow Redis.
      await whileRedisAnswers(
        () =>
          queue.upsertJobScheduler(bullmqJobId(request.id), repeat, {
            name: request.name,
            data: { id: request.id, payload: request.payload ?? null },
            opts: {
              ...retrying,
              removeOnComplete: { count: RECURRING_RUNS_KEPT },
              removeOnFail: { count: RECURRING_RUNS_KEPT },
            },
          }),
        REDIS_STARTUP_ANSWER_MS,
      );
    },
    async cancel(jobId) {
      await whileRedisAnswers(async () => {
        await queue.removeJobScheduler(bullmqJobId(jobId));
        const job = await findJob(jobId);
        if (!job) return;
        const state = await job.getState();
        if (state !== 'active' && state !== 'completed') await job.remove();
      });
    },
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`Two job handlers are named ${name}`);
      handlers.set(name, handler);
    },
    async find(jobId) {
      return whileRedisAnswers(async () => {
        const job = await findJob(jobId);
        if (job) return toScheduledJob(job, await job.getState());
        const scheduler = await queue.getJobScheduler(bullmqJobId(jobId));
        return scheduler && nextRecurringRun(jobId, scheduler);
      });
    },
    async runDueJobs(now) {
      // BullMQ runs due jobs on Redis time; this promotes the ones due on our clock and waits for them.
      if (!worker)
        throw new Error('runDueJobs needs the worker of this process: start() it with work enabled');
      const delayed = (await queue.getDelayed(0, -1)) as Job<StoredJob>[];
      const due = delayed.filter((job) => job.id && dueOf(job) <= now);
      const started = new Map<string, number>();
      for (const job of due) {
        started.set(job.id as string, job.attemptsStarted ?? 0);
        await job.promote();
      }
      await waitForAttempts(started);
      return started.size;
    },
    async start() {
      await whenReady();
      if (options.work === false || worker) return;
      workerConnection = new (distributedDrivers.ioredis().Redis)(options.redisUrl, {
        maxRetriesPerRequest: null,
      });
      workerConnection.on('error', (error) =>
        options.logger.warn({ err: error }, 'the jobs worker lost Redis'),
      );
      worker = new Worker<StoredJob>(queueName, runAttempt, {
        connection: workerConnection,
        settings: { backoffStrategy: (attemptsMade) => retryDelay(attemptsMade) },
        ...(options.lockDuration === undefined ? {} : { lockDuration: options.lockDuration }),
        ...(options.stalledInterval === undefined ? {} : { stalledInterval: options.stalledInterval }),
      });
      worker.on('error', (error) => options.logger.warn({ err: error }, 'the jobs worker failed'));
      await worker.waitUntilReady();
    },
    async stop() {
      // Closing a worker or queue leaves connections passed in open: they are quit here.
      // Without Redis a worker's close() would wait for it to come back: it is closed without waiting then.
      const redisGone = workerConnection !== undefined && workerConnection.status !== 'ready';
      if (redisGone) workerConnection?.disconnect();
      if (worker) {
        // A worker whose blocking connection is reconnecting never closes: ioredis emits no `end` for a
        // connection dropped while it reconnects, and BullMQ waits for one (taskforcesh/bullmq#4656).
        const waitMs = options.closeWaitMs ?? DEFAULT_CLOSE_WAIT_MS;
        if (!(await settlesWithin(worker.close(redisGone), waitMs))) {
          options.logger.warn(
            { waitedMs: waitMs },
            'the jobs worker did not close in time; its Redis connections are dropped',
          );
          workerConnection?.disconnect();
        }
      }
      await queue.close();
      await Promise.allSettled([quit(workerConnection), quit(producer)]);
      worker = undefined;
      workerConnection = undefined;
    },
  };
}

/** When a job's next attempt is due: our clock's time for one-off jobs, Redis time for runs of recurring work. */
function dueOf(job: Job<StoredJob>): Date {
  return job.data.dueAt ? new Date(job.data.dueAt) : new Date(job.timestamp + job.delay);
}

function toScheduledJob(job: Job<StoredJob>, state: string): ScheduledJob {
  return {
    id: job.data.id,
    name: job.name,
    runAt: dueOf(job),
    payload: job.data.payload,
    status: STATUS_OF[state] ?? 'scheduled',
    attempts: job.attemptsStarted ?? job.attemptsMade,
    lastError: job.failedReason || null,
  };
}

/** Recurring work as `find` shows it: its next run. */
function nextRecurringRun(
  jobId: string,
  scheduler: { name: string; next?: number; template?: { data?: StoredJob } },
): ScheduledJob {
  return {
    id: jobId,
    name: scheduler.name,
    runAt: new Date(scheduler.next ?? 0),
    payload: scheduler.template?.data?.payload ?? null,
    status: 'scheduled',
    attempts: 0,
    lastError: null,
  };
}
