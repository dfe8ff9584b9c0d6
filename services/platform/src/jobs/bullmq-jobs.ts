import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError, unavailable } from '../http/errors';
import type { Clock, Platform } from '../platform';
import { retryDelayMs } from './embedded-jobs';
import type { JobHandler, Jobs, ScheduledJob } from './types';

const DEFAULT_QUEUE = 'yoman-jobs';
const DEFAULT_MAX_ATTEMPTS = 5;
/** A producer command on the request path gives up after this, so a dead Redis answers 503 quickly. */
const REDIS_ANSWER_MS = 1000;
const RUN_DUE_WAIT_MS = 30_000;
const RUN_DUE_POLL_MS = 20;

/** What a job holds in Redis: our id and the requested time beside the payload. */
interface StoredJob {
  id: string;
  payload: unknown;
  /** The time the caller asked for (ISO); scheduling again with it changes nothing. */
  runAt: string;
  /** The time the next attempt is due (ISO): `runAt`, or after a failure the retry time. */
  dueAt: string;
}

export interface BullmqJobsOptions {
  redisUrl: string;
  clock: Clock;
  logger: Logger;
  /** The platform handed to handlers (it holds these jobs, hence a function). */
  platform: () => Platform;
  queueName?: string;
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based); the embedded scheduler's 30 s doubling by default. */
  retryDelay?: (attempt: number) => number;
  /** Run a worker in this process (default true); an `api` process only produces. */
  work?: boolean;
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
 * commands fail fast with a 503 when Redis does not answer; retries back off like the embedded scheduler.
 */
export function createBullmqJobs(options: BullmqJobsOptions): Jobs {
  const queueName = options.queueName ?? DEFAULT_QUEUE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const handlers = new Map<string, JobHandler>();
  const producer = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    connectTimeout: REDIS_ANSWER_MS,
    commandTimeout: REDIS_ANSWER_MS,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  producer.on('error', (error) => options.logger.warn({ err: error }, 'the jobs producer lost Redis'));
  const queue = new Queue<StoredJob>(queueName, {
    connection: producer,
    skipWaitingForReady: true,
    // The version check is one more round trip before the first command; the worker still checks.
    skipVersionCheck: true,
  });
  queue.on('error', (error) => options.logger.warn({ err: error }, 'the jobs queue failed'));
  let workerConnection: Redis | undefined;
  let worker: Worker<StoredJob> | undefined;

  /** Runs a producer command; Redis down or silent becomes a 503 within about a second. */
  const whileRedisAnswers = async <Result>(command: () => Promise<Result>): Promise<Result> => {
    if (producer.status !== 'ready') {
      producer.connect().catch(() => {});
      throw unavailable();
    }
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), REDIS_ANSWER_MS);
    });
    try {
      return await Promise.race([command(), silence]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      options.logger.warn({ err: error }, 'a jobs command failed on Redis');
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  };

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
      await whileRedisAnswers(async () => {
        const existing = await findJob(request.id);
        if (existing) {
          const state = await existing.getState();
          const same =
            existing.data.runAt === runAt &&
            JSON.stringify(existing.data.payload) === JSON.stringify(stored.payload);
          if (same && state !== 'failed') return;
          // BullMQ refuses a second job with the same id: a new time or payload replaces the old job.
          await existing.remove();
        }
        await queue.add(request.name, stored, {
          jobId: bullmqJobId(request.id),
          delay: Math.max(0, request.runAt.getTime() - now.getTime()),
          attempts: maxAttempts,
          backoff: { type: 'yoman' },
          removeOnComplete: false,
          removeOnFail: false,
        });
      });
    },
    async cancel(jobId) {
      await whileRedisAnswers(async () => {
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
        return job && toScheduledJob(job, await job.getState());
      });
    },
    async runDueJobs(now) {
      // BullMQ runs due jobs on Redis time; this promotes the ones due on our clock and waits for them.
      if (!worker)
        throw new Error('runDueJobs needs the worker of this process: start() it with work enabled');
      const delayed = (await queue.getDelayed(0, -1)) as Job<StoredJob>[];
      const due = delayed.filter((job) => job.id && new Date(job.data.dueAt) <= now);
      const started = new Map<string, number>();
      for (const job of due) {
        started.set(job.id as string, job.attemptsStarted ?? 0);
        await job.promote();
      }
      await waitForAttempts(started);
      return started.size;
    },
    async start() {
      if (producer.status === 'wait') await producer.connect();
      if (options.work === false || worker) return;
      workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      workerConnection.on('error', (error) =>
        options.logger.warn({ err: error }, 'the jobs worker lost Redis'),
      );
      worker = new Worker<StoredJob>(queueName, runAttempt, {
        connection: workerConnection,
        settings: { backoffStrategy: (attemptsMade) => retryDelay(attemptsMade) },
      });
      worker.on('error', (error) => options.logger.warn({ err: error }, 'the jobs worker failed'));
      await worker.waitUntilReady();
    },
    async stop() {
      // Closing a worker or queue leaves connections passed in open: they are quit here.
      await worker?.close();
      await queue.close();
      await Promise.allSettled([quit(workerConnection), quit(producer)]);
      worker = undefined;
      workerConnection = undefined;
    },
  };
}

async function quit(connection: Redis | undefined) {
  if (!connection || connection.status === 'end') return;
  if (connection.status === 'ready') await connection.quit();
  else connection.disconnect();
}

function toScheduledJob(job: Job<StoredJob>, state: string): ScheduledJob {
  return {
    id: job.data.id,
    name: job.name,
    runAt: new Date(job.data.dueAt),
    payload: job.data.payload,
    status: STATUS_OF[state] ?? 'scheduled',
    attempts: job.attemptsStarted ?? job.attemptsMade,
    lastError: job.failedReason || null,
  };
}
