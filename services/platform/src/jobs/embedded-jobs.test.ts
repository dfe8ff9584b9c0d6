import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type RunningPlatform } from '../create-platform';
import { DomainError } from '../domain-error';
import type { YomanModule } from '../module';
import { resetDatabase } from '../testing/reset-database';
import { createTestClock } from '../testing/test-clock';
import { testConfig } from '../testing/test-config';
import { createTestPlatform } from '../testing/test-platform';
import { createEmbeddedJobs, retryDelayMs } from './embedded-jobs';
import type { JobContext } from './types';

const HOUR = 3_600_000;
const runs: { payload: unknown; context: Omit<JobContext, 'platform'> }[] = [];
let failuresLeft = 0;

const remindersModule: YomanModule = {
  name: 'reminders',
  migrations: [],
  jobs: {
    'reminder.send': async (payload, { platform, ...context }) => {
      expect(platform.db).toBeDefined();
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('mail server down');
      }
      runs.push({ payload, context });
    },
    'reminder.refused': async () => {
      throw DomainError.notFound('REMINDER_NOT_FOUND', 'התזכורת לא נמצאה');
    },
  },
};

const clock = createTestClock('2026-02-01T08:00:00Z');
let running: RunningPlatform;

beforeAll(async () => {
  // The embedded scheduler itself, also when the suite runs on Redis.
  running = await createTestPlatform([remindersModule], { clock, config: { redisUrl: undefined } });
});
afterAll(() => running.close());
beforeEach(async () => {
  await resetDatabase(running.platform);
  runs.length = 0;
  failuresLeft = 0;
  clock.set('2026-02-01T08:00:00Z');
});

const inOneHour = () => new Date(clock.now().getTime() + HOUR);

describe('the embedded job scheduler', () => {
  it('runs a job when it is due, once, with the time injected', async () => {
    const { jobs } = running.platform;
    await jobs.schedule({
      id: 'reminder:1',
      name: 'reminder.send',
      runAt: inOneHour(),
      payload: { to: 'dana' },
    });
    expect(await jobs.runDueJobs(clock.now())).toBe(0);
    const due = new Date('2026-02-01T09:00:00Z');
    expect(await jobs.runDueJobs(due)).toBe(1);
    expect(await jobs.runDueJobs(due)).toBe(0);
    expect(runs).toEqual([
      { payload: { to: 'dana' }, context: { jobId: 'reminder:1', now: due, attempt: 1 } },
    ]);
    expect(await jobs.find('reminder:1')).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('treats scheduling the same id twice as one job, and a new time as a move', async () => {
    const { jobs } = running.platform;
    const job = { id: 'reminder:2', name: 'reminder.send', runAt: inOneHour(), payload: { to: 'avi' } };
    await jobs.schedule(job);
    await jobs.schedule(job);
    await jobs.runDueJobs(new Date('2026-02-01T12:00:00Z'));
    await jobs.schedule(job);
    expect(await jobs.runDueJobs(new Date('2026-02-01T13:00:00Z'))).toBe(0);
    expect(runs).toHaveLength(1);
    await jobs.schedule({ ...job, runAt: new Date('2026-02-02T08:00:00Z') });
    expect(await jobs.find('reminder:2')).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(await jobs.runDueJobs(new Date('2026-02-02T08:00:00Z'))).toBe(1);
  });

  it('retries a failing job with growing delays, then marks it failed', async () => {
    const { jobs } = running.platform;
    failuresLeft = 100;
    await jobs.schedule({ id: 'reminder:3', name: 'reminder.send', runAt: clock.now(), payload: {} });
    let now = clock.now();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await jobs.runDueJobs(now)).toBe(1);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(await jobs.find('reminder:3')).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'mail server down',
    });
    expect(await jobs.runDueJobs(new Date(now.getTime() + 10 * HOUR))).toBe(0);
  });

  it('ends a job the domain refuses as done, without retrying it', async () => {
    const { jobs } = running.platform;
    await jobs.schedule({
      id: 'reminder:refused',
      name: 'reminder.refused',
      runAt: clock.now(),
      payload: {},
    });
    expect(await jobs.runDueJobs(clock.now())).toBe(1);
    expect(await jobs.find('reminder:refused')).toMatchObject({
      status: 'done',
      attempts: 1,
      lastError: null,
    });
    expect(await jobs.runDueJobs(new Date(clock.now().getTime() + 10 * HOUR))).toBe(0);
  });

  it('waits out the backoff before a retry', async () => {
    const { jobs } = running.platform;
    failuresLeft = 1;
    await jobs.schedule({ id: 'reminder:4', name: 'reminder.send', runAt: clock.now(), payload: {} });
    await jobs.runDueJobs(clock.now());
    expect(await jobs.runDueJobs(new Date(clock.now().getTime() + 1000))).toBe(0);
    expect(await jobs.runDueJobs(new Date(clock.now().getTime() + retryDelayMs(1)))).toBe(1);
    expect(runs).toHaveLength(1);
    expect(runs[0].context.attempt).toBe(2);
  });

  it('cancels a scheduled job and fails a job nobody handles', async () => {
    const { jobs } = running.platform;
    await jobs.schedule({ id: 'reminder:5', name: 'reminder.send', runAt: clock.now(), payload: {} });
    await jobs.cancel('reminder:5');
    await jobs.schedule({ id: 'mystery:1', name: 'mystery', runAt: clock.now(), payload: {} });
    await jobs.runDueJobs(clock.now());
    expect(await jobs.find('reminder:5')).toBeUndefined();
    expect(await jobs.find('mystery:1')).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/mystery/),
    });
  });
});

describe('the poll loop', () => {
  it('runs due jobs on its own timer until stopped', async () => {
    const { db, logger } = running.platform;
    const jobs = createEmbeddedJobs(db, {
      clock,
      logger,
      platform: () => running.platform,
      pollIntervalMs: 20,
    });
    const ran = new Promise<unknown>((resolve) => jobs.register('beep', async (payload) => resolve(payload)));
    await jobs.schedule({ id: 'beep:1', name: 'beep', runAt: clock.now(), payload: { n: 1 } });
    await jobs.start();
    try {
      expect(await ran).toEqual({ n: 1 });
    } finally {
      await jobs.stop();
    }
  });

  it('puts a job a crash left running back on the schedule at start', async () => {
    const { db, logger } = running.platform;
    await db('jobs').insert({
      id: 'crashed:1',
      name: 'reminder.send',
      run_at: clock.now(),
      payload: '{}',
      status: 'running',
    });
    const jobs = createEmbeddedJobs(db, {
      clock,
      logger,
      platform: () => running.platform,
      pollIntervalMs: 0,
    });
    await jobs.start();
    expect(await jobs.find('crashed:1')).toMatchObject({ status: 'scheduled' });
    await jobs.stop();
  });
});

describe('jobs after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yoman-jobs-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a scheduled job through a restart and runs it afterwards', async () => {
    const config = testConfig({
      dataDir,
      databaseUrl: undefined,
      databaseSchema: undefined,
      redisUrl: undefined,
    });
    const before = await createPlatform(config, [remindersModule], { clock, background: false });
    await before.platform.jobs.schedule({
      id: 'reminder:restart',
      name: 'reminder.send',
      runAt: inOneHour(),
      payload: { to: 'after restart' },
    });
    await before.close();
    const after = await createPlatform(config, [remindersModule], { clock, background: false });
    try {
      expect(await after.platform.jobs.runDueJobs(inOneHour())).toBe(1);
      expect(runs.map((run) => run.payload)).toEqual([{ to: 'after restart' }]);
    } finally {
      await after.close();
    }
  });
});
