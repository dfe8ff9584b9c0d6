import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import type { YomanModule } from '../module';
import { resetDatabase } from '../testing/reset-database';
import { createTestClock } from '../testing/test-clock';
import { createTestPlatform } from '../testing/test-platform';

const runs: { payload: unknown; now: Date; attempt: number }[] = [];
let failuresLeft = 0;

const digestModule: YomanModule = {
  name: 'digest',
  migrations: [],
  jobs: {
    'digest.send': async (payload, { now, attempt }) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('mail server down');
      }
      runs.push({ payload, now, attempt });
    },
  },
};

const clock = createTestClock('2026-02-01T08:00:00Z');
let running: RunningPlatform;

beforeAll(async () => {
  // The embedded scheduler itself, also when the suite runs on Redis.
  running = await createTestPlatform([digestModule], { clock, config: { redisUrl: undefined } });
});
afterAll(() => running.close());
beforeEach(async () => {
  await resetDatabase(running.platform);
  runs.length = 0;
  failuresLeft = 0;
  clock.set('2026-02-01T08:00:00Z');
});

const at = (iso: string) => new Date(iso);

describe('recurring work in the embedded scheduler', () => {
  it('runs on a cron pattern in its time zone and schedules itself again after each run', async () => {
    const { jobs } = running.platform;
    const daily = {
      id: 'digest:daily',
      name: 'digest.send',
      cron: '0 18 * * *',
      timezone: 'Asia/Jerusalem',
      payload: { kind: 'daily' },
    };
    await jobs.every(daily);
    // 18:00 in Jerusalem is 16:00 UTC in winter.
    expect(await jobs.find('digest:daily')).toMatchObject({
      status: 'scheduled',
      runAt: at('2026-02-01T16:00:00Z'),
    });
    expect(await jobs.runDueJobs(at('2026-02-01T15:59:00Z'))).toBe(0);
    expect(await jobs.runDueJobs(at('2026-02-01T16:00:00Z'))).toBe(1);
    expect(await jobs.runDueJobs(at('2026-02-01T16:00:00Z'))).toBe(0);
    expect(await jobs.find('digest:daily')).toMatchObject({
      status: 'scheduled',
      runAt: at('2026-02-02T16:00:00Z'),
      attempts: 0,
    });
    expect(await jobs.runDueJobs(at('2026-02-02T16:00:00Z'))).toBe(1);
    expect(runs.map((run) => [run.payload, run.now])).toEqual([
      [{ kind: 'daily' }, at('2026-02-01T16:00:00Z')],
      [{ kind: 'daily' }, at('2026-02-02T16:00:00Z')],
    ]);
  });

  it('keeps the next run when the same work is registered again at the next start', async () => {
    const { jobs } = running.platform;
    const hourly = { id: 'digest:hourly', name: 'digest.send', everyMs: 3_600_000, payload: null };
    await jobs.every(hourly);
    clock.set('2026-02-01T08:30:00Z');
    await jobs.every(hourly);
    expect(await jobs.find('digest:hourly')).toMatchObject({ runAt: at('2026-02-01T09:00:00Z') });
    await jobs.every({ ...hourly, everyMs: 7_200_000 });
    expect(await jobs.find('digest:hourly')).toMatchObject({ runAt: at('2026-02-01T10:30:00Z') });
  });

  it('retries a failed run, and after giving up waits for the next occurrence', async () => {
    const { jobs } = running.platform;
    await jobs.every({ id: 'digest:often', name: 'digest.send', everyMs: 3_600_000, payload: null });
    failuresLeft = 1;
    expect(await jobs.runDueJobs(at('2026-02-01T09:00:00Z'))).toBe(1);
    expect(await jobs.find('digest:often')).toMatchObject({
      status: 'scheduled',
      runAt: at('2026-02-01T09:00:30Z'),
      attempts: 1,
      lastError: 'mail server down',
    });
    expect(await jobs.runDueJobs(at('2026-02-01T09:00:30Z'))).toBe(1);
    expect(runs.map((run) => run.attempt)).toEqual([2]);
    expect(await jobs.find('digest:often')).toMatchObject({ runAt: at('2026-02-01T10:00:30Z'), attempts: 0 });

    failuresLeft = 5;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const job = await jobs.find('digest:often');
      expect(job).toMatchObject({ status: 'scheduled', attempts: attempt - 1 });
      await jobs.runDueJobs(job?.runAt as Date);
    }
    // Given up at 10:08 (after 30 s, 1, 2 and 4 min of backoff): the next occurrence is an hour later.
    expect(await jobs.find('digest:often')).toMatchObject({
      status: 'scheduled',
      runAt: at('2026-02-01T11:08:00Z'),
      attempts: 0,
      lastError: 'mail server down',
    });
    expect(runs).toHaveLength(1);
  });

  it('stops when cancelled, and refuses a recurrence that is not exactly one of an interval and a pattern', async () => {
    const { jobs } = running.platform;
    await jobs.every({ id: 'digest:stop', name: 'digest.send', everyMs: 60_000, payload: null });
    await jobs.cancel('digest:stop');
    expect(await jobs.find('digest:stop')).toBeUndefined();
    expect(await jobs.runDueJobs(at('2026-02-02T00:00:00Z'))).toBe(0);
    await expect(jobs.every({ id: 'x', name: 'digest.send', payload: null })).rejects.toThrow(/exactly one/);
    await expect(
      jobs.every({ id: 'x', name: 'digest.send', cron: 'not a pattern', payload: null }),
    ).rejects.toThrow();
    await expect(jobs.every({ id: 'x', name: 'digest.send', everyMs: -5, payload: null })).rejects.toThrow(
      /positive/,
    );
  });
});
