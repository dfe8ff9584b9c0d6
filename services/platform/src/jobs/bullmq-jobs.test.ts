import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import type { Platform } from '../platform';
import { needsInfra } from '../testing/needs-infra';
import { createTestClock } from '../testing/test-clock';
import { createTestPlatform } from '../testing/test-platform';
import { bullmqJobId, createBullmqJobs } from './bullmq-jobs';
import { retryDelayMs } from './embedded-jobs';
import { quit } from './redis-producer';
import { cuttableRelay } from './redis-relay';
import type { JobContext, Jobs } from './types';

const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
const onRedis = needsInfra('YOMAN_TEST_REDIS_URL');
const HOUR = 3_600_000;
const logger = pino({ level: 'silent' });
const platform = { logger } as unknown as Platform;
const queues: string[] = [];
const runs: { payload: unknown; context: Omit<JobContext, 'platform'> }[] = [];
let failuresLeft = 0;

/** A fresh queue name per adapter, so test files and reruns never share jobs. */
function queueName() {
  const name = `yoman-test-${randomBytes(4).toString('hex')}`;
  queues.push(name);
  return name;
}

/** The BullMQ events of one job in the queue of this file's first adapter, oldest first. */
async function eventsOf(bullmqId: string) {
  const redis = new Redis(redisUrl as string);
  try {
    const entries = await redis.xrange(`bull:${queues[0]}:events`, '-', '+');
    return entries
      .map(([, fields]) =>
        Object.fromEntries(fields.flatMap((_, i) => (i % 2 ? [] : [[fields[i], fields[i + 1]]]))),
      )
      .filter((fields) => fields.jobId === bullmqId)
      .map((fields) => fields.event as string);
  } finally {
    await redis.quit();
  }
}

function remindersOn(jobs: Jobs) {
  jobs.register('reminder.send', async (payload, { platform: given, ...context }) => {
    expect(given).toBe(platform);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('mail server down');
    }
    runs.push({ payload, context });
  });
  return jobs;
}

onRedis.describe('the BullMQ jobs adapter on real Redis', () => {
  const clock = createTestClock('2026-02-01T08:00:00Z');
  let jobs: Jobs;
  const inOneHour = () => new Date(clock.now().getTime() + HOUR);

  beforeAll(async () => {
    jobs = remindersOn(
      createBullmqJobs({
        redisUrl: redisUrl as string,
        clock,
        logger,
        platform: () => platform,
        queueName: queueName(),
      }),
    );
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    const redis = new Redis(redisUrl as string);
    for (const name of queues) {
      const keys = await redis.keys(`bull:${name}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });
  beforeEach(() => {
    runs.length = 0;
    failuresLeft = 0;
    clock.set('2026-02-01T08:00:00Z');
  });

  it('escapes our ids reversibly, since BullMQ keeps ":" for itself', () => {
    expect(bullmqJobId('lock:trade-1')).toBe('yoman-lock%3Atrade-1');
    expect(bullmqJobId('a%3A')).not.toBe(bullmqJobId('a:'));
  });

  it('runs a due job once, with its payload and the injected time', async () => {
    await jobs.schedule({
      id: 'reminder:1',
      name: 'reminder.send',
      runAt: inOneHour(),
      payload: { to: 'dana' },
    });
    expect(await jobs.runDueJobs(clock.now())).toBe(0);
    const due = inOneHour();
    clock.set(due);
    expect(await jobs.runDueJobs(due)).toBe(1);
    expect(await jobs.runDueJobs(due)).toBe(0);
    expect(runs).toEqual([
      { payload: { to: 'dana' }, context: { jobId: 'reminder:1', now: due, attempt: 1 } },
    ]);
    expect(await jobs.find('reminder:1')).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('keeps one job when the same id is scheduled twice, and moves it on a new time', async () => {
    const job = { id: 'reminder:2', name: 'reminder.send', runAt: inOneHour(), payload: { to: 'avi' } };
    await jobs.schedule(job);
    await jobs.schedule(job);
    expect(await jobs.find('reminder:2')).toMatchObject({ status: 'scheduled', runAt: job.runAt });
    const moved = new Date('2026-02-02T08:00:00Z');
    await jobs.schedule({ ...job, runAt: moved });
    expect(await jobs.find('reminder:2')).toMatchObject({ status: 'scheduled', runAt: moved, attempts: 0 });
    expect(await jobs.runDueJobs(new Date('2026-02-01T12:00:00Z'))).toBe(0);
    expect(await jobs.runDueJobs(moved)).toBe(1);
    await jobs.schedule({ ...job, runAt: moved });
    expect(await jobs.runDueJobs(new Date('2026-02-03T08:00:00Z'))).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('moves a delayed job to a new time or payload in place: it is never removed and added again', async () => {
    const job = { id: 'reminder:6', name: 'reminder.send', runAt: inOneHour(), payload: { to: 'noa' } };
    await jobs.schedule(job);
    const moved = new Date('2026-02-03T08:00:00Z');
    await jobs.schedule({ ...job, runAt: moved });
    await jobs.schedule({ ...job, runAt: moved, payload: { to: 'gal' } });
    expect(await jobs.find('reminder:6')).toMatchObject({
      status: 'scheduled',
      runAt: moved,
      payload: { to: 'gal' },
    });
    const happened = await eventsOf(bullmqJobId('reminder:6'));
    expect(happened).not.toContain('removed');
    expect(happened.filter((event) => event === 'added')).toHaveLength(1);
    expect(await jobs.runDueJobs(new Date('2026-02-03T07:59:00Z'))).toBe(0);
    expect(await jobs.runDueJobs(moved)).toBe(1);
    expect(runs.map((run) => run.payload)).toEqual([{ to: 'gal' }]);
  });

  it('retries a failed job after the backoff, with the attempt counted', async () => {
    failuresLeft = 1;
    await jobs.schedule({ id: 'reminder:3', name: 'reminder.send', runAt: inOneHour(), payload: { n: 3 } });
    clock.set(inOneHour());
    expect(await jobs.runDueJobs(clock.now())).toBe(1);
    const retryAt = new Date(clock.now().getTime() + retryDelayMs(1));
    expect(await jobs.find('reminder:3')).toMatchObject({ status: 'scheduled', attempts: 1, runAt: retryAt });
    expect(await jobs.runDueJobs(new Date(retryAt.getTime() - 1000))).toBe(0);
    expect(await jobs.runDueJobs(retryAt)).toBe(1);
    expect(runs.map((run) => run.context.attempt)).toEqual([2]);
    expect(await jobs.find('reminder:3')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('cancels a scheduled job and fails a job nobody handles', async () => {
    await jobs.schedule({ id: 'reminder:5', name: 'reminder.send', runAt: inOneHour(), payload: {} });
    await jobs.cancel('reminder:5');
    expect(await jobs.find('reminder:5')).toBeUndefined();
    await jobs.schedule({ id: 'mystery:1', name: 'mystery', runAt: inOneHour(), payload: {} });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const job = await jobs.find('mystery:1');
      if (job?.status !== 'scheduled') break;
      await jobs.runDueJobs(job.runAt);
    }
    expect(await jobs.find('mystery:1')).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/mystery/),
    });
  });
});

onRedis.describe('the BullMQ worker on Redis time', () => {
  it('runs a delayed job by itself and retries with real backoff', async () => {
    const jobs = createBullmqJobs({
      redisUrl: redisUrl as string,
      clock: { now: () => new Date() },
      logger,
      platform: () => platform,
      queueName: queueName(),
      retryDelay: (attempt) => 100 * 2 ** (attempt - 1),
    });
    const attempts: number[] = [];
    const done = new Promise<void>((resolve) =>
      jobs.register('flaky', async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error('not yet');
        resolve();
      }),
    );
    await jobs.start();
    try {
      const scheduled = Date.now();
      await jobs.schedule({ id: 'flaky:1', name: 'flaky', runAt: new Date(scheduled + 200), payload: {} });
      await done;
      expect(attempts).toEqual([1, 2, 3]);
      // 200 ms delay, then 100 ms and 200 ms of backoff.
      expect(Date.now() - scheduled).toBeGreaterThanOrEqual(450);
      // …and no whole-second waits: the worker wakes for a delayed job when it is due.
      expect(Date.now() - scheduled).toBeLessThan(2500);
    } finally {
      await jobs.stop();
    }
  });
});

/** Jobs on their own queue that reach Redis through a relay the test can cut or silence. */
async function jobsBehindRelay(options: { work?: boolean; closeWaitMs?: number; logger?: pino.Logger } = {}) {
  const relay = await cuttableRelay(new URL(redisUrl as string));
  const jobs = createBullmqJobs({
    redisUrl: relay.url,
    clock: createTestClock(),
    platform: () => platform,
    queueName: queueName(),
    ...options,
    logger: options.logger ?? logger,
  });
  return { relay, jobs };
}

onRedis.describe('the BullMQ producer when Redis is gone', () => {
  it('rejects a schedule within about a second with a 503, and schedules again once Redis is back', async () => {
    const { relay, jobs } = await jobsBehindRelay({ work: false });
    try {
      await jobs.start();
      const job = { id: 'lock:t1', name: 'trade.lock', runAt: new Date('2026-01-06T09:00:00Z'), payload: {} };
      await jobs.schedule(job);
      relay.cut();
      const started = Date.now();
      const failure = await jobs.schedule({ ...job, id: 'lock:t2' }).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
      relay.restore();
      await expect
        .poll(() => jobs.find('lock:t1').catch(() => undefined), { timeout: 10_000 })
        .toMatchObject({
          status: 'scheduled',
        });
      await jobs.schedule({ ...job, id: 'lock:t2' });
      expect(await jobs.find('lock:t2')).toMatchObject({ status: 'scheduled' });
    } finally {
      await jobs.stop();
      await relay.close();
    }
  });

  it('rejects a schedule within about a second with a 503 while Redis is paused, and works once it answers', async () => {
    const { relay, jobs } = await jobsBehindRelay({ work: false });
    try {
      await jobs.start();
      const job = { id: 'lock:p1', name: 'trade.lock', runAt: new Date('2026-01-06T09:00:00Z'), payload: {} };
      relay.silence();
      const started = Date.now();
      const failure = await jobs.schedule(job).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(failure).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
      relay.speak();
      await expect
        .poll(
          () =>
            jobs.schedule({ ...job, id: 'lock:p2' }).then(
              () => true,
              () => false,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      expect(await jobs.find('lock:p2')).toMatchObject({ status: 'scheduled' });
    } finally {
      await jobs.stop();
      await relay.close();
    }
  });

  it('registers recurring work through a Redis that is silent for two seconds, as a starting process may meet it', async () => {
    const { relay, jobs } = await jobsBehindRelay({ work: false });
    try {
      await jobs.start();
      relay.silence();
      const speaking = setTimeout(() => relay.speak(), 2000);
      const started = Date.now();
      await jobs.every({ id: 'digest:weekly', name: 'notify.digest', everyMs: HOUR, payload: null });
      clearTimeout(speaking);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(await jobs.find('digest:weekly')).toMatchObject({ name: 'notify.digest', status: 'scheduled' });
    } finally {
      relay.speak();
      await jobs.stop();
      await relay.close();
    }
  });

  it('starts once Redis answers when its connection was already being opened, then registers recurring work', async () => {
    const { relay, jobs } = await jobsBehindRelay({ work: false });
    try {
      relay.silence();
      // A command before start() begins connecting (BullMQ's own first command does the same).
      await jobs.find('anything').catch(() => undefined);
      const speaking = setTimeout(() => relay.speak(), 1500);
      await jobs.start();
      clearTimeout(speaking);
      await jobs.every({ id: 'digest:daily', name: 'notify.digest', everyMs: HOUR, payload: null });
      expect(await jobs.find('digest:daily')).toMatchObject({ status: 'scheduled' });
    } finally {
      relay.speak();
      await jobs.stop();
      await relay.close();
    }
  });

  it('stops at once while Redis is unreachable, instead of waiting for it to come back', async () => {
    const { relay, jobs } = await jobsBehindRelay();
    try {
      await jobs.start();
      relay.cut();
      await jobs.cancel('lock:gone').catch(() => {});
      relay.restore();
      const started = Date.now();
      await jobs.stop();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await relay.close();
    }
  });

  it('drops a connection whose QUIT Redis does not answer within a second', async () => {
    const relay = await cuttableRelay(new URL(redisUrl as string));
    const connection = new Redis(relay.url, { maxRetriesPerRequest: null });
    try {
      await connection.ping();
      relay.silence();
      const started = Date.now();
      await quit(connection);
      expect(Date.now() - started).toBeLessThan(1500);
      // The socket is ended; ioredis destroys it when the far side does not close it (`disconnectTimeout`).
      await expect.poll(() => connection.status, { timeout: 5000 }).toBe('end');
    } finally {
      connection.disconnect();
      relay.speak();
      await relay.close();
    }
  });

  it('stops within a few seconds while Redis is paused, instead of waiting for its answers', async () => {
    const { relay, jobs } = await jobsBehindRelay({ closeWaitMs: 1000 });
    try {
      await jobs.start();
      relay.silence();
      const started = Date.now();
      await jobs.stop();
      expect(Date.now() - started).toBeLessThan(3500);
    } finally {
      relay.speak();
      await relay.close();
    }
  });

  it('stops within its wait while the blocking connection of its worker reconnects and the main one answers', async () => {
    // ioredis emits no `end` for a connection dropped while it reconnects, and BullMQ's close waits for one.
    const warnings: string[] = [];
    const watching = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line).msg) },
    );
    const { relay, jobs } = await jobsBehindRelay({ closeWaitMs: 1000, logger: watching });
    try {
      await jobs.start();
      await expect.poll(() => relay.clientsThatSent('bzpopmin'), { timeout: 5000 }).toBeGreaterThan(0);
      expect(relay.cutClientsThatSent('bzpopmin')).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await jobs.stop();
      expect(Date.now() - started).toBeLessThan(2500);
      expect(warnings).toContain('the jobs worker did not close in time; its Redis connections are dropped');
    } finally {
      await relay.close();
    }
  });

  it('leaves no open connection or timer after stop()', async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
    const jobs = createBullmqJobs({
      redisUrl: redisUrl as string,
      clock: createTestClock(),
      logger,
      platform: () => platform,
      queueName: queueName(),
    });
    jobs.register('noop', async () => {});
    await jobs.start();
    await jobs.schedule({ id: 'noop:1', name: 'noop', runAt: new Date('2026-01-06T09:00:00Z'), payload: {} });
    await jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
    expect(after.filter((kind) => kind.startsWith('TCP')).length).toBeLessThanOrEqual(
      before.filter((kind) => kind.startsWith('TCP')).length,
    );
  });
});

onRedis.describe('the platform with REDIS_URL', () => {
  it('keeps its jobs in BullMQ on Redis instead of the jobs table', async () => {
    const running = await createTestPlatform([], { config: { redisUrl, jobsQueue: queueName() } });
    const id = `wiring:${randomBytes(4).toString('hex')}`;
    try {
      const { jobs, db } = running.platform;
      await jobs.schedule({
        id,
        name: 'wiring.check',
        runAt: new Date('2030-01-01T00:00:00Z'),
        payload: { n: 1 },
      });
      expect(await jobs.find(id)).toMatchObject({ id, status: 'scheduled', payload: { n: 1 } });
      expect(await db('jobs').where({ id }).first()).toBeUndefined();
      await jobs.cancel(id);
      expect(await jobs.find(id)).toBeUndefined();
    } finally {
      await running.close();
    }
  });
});
