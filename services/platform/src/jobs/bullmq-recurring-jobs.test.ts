import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import type { Platform } from '../platform';
import { needsInfra } from '../testing/needs-infra';
import { createBullmqJobs } from './bullmq-jobs';
import { dropJobsQueue } from './drop-jobs-queue';

const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
const onRedis = needsInfra('YOMAN_TEST_REDIS_URL');
const HOUR = 3_600_000;
const logger = pino({ level: 'silent' });
const platform = { logger } as unknown as Platform;
const queues: string[] = [];

/** A fresh queue name per adapter, dropped after the file. */
function queueName() {
  const name = `yoman-test-${randomBytes(4).toString('hex')}`;
  queues.push(name);
  return name;
}

afterAll(async () => {
  for (const name of queues) await dropJobsQueue(redisUrl as string, name);
});

onRedis.describe('recurring work on a BullMQ job scheduler', () => {
  it('runs on its interval, registered twice, until it is cancelled', async () => {
    const jobs = createBullmqJobs({
      redisUrl: redisUrl as string,
      clock: { now: () => new Date() },
      logger,
      platform: () => platform,
      queueName: queueName(),
    });
    const seen: unknown[] = [];
    jobs.register('heartbeat', async (payload, { jobId }) => {
      seen.push({ payload, jobId });
    });
    await jobs.start();
    try {
      const recurring = { id: 'beat:1', name: 'heartbeat', everyMs: 200, payload: { n: 1 } };
      await jobs.every(recurring);
      await jobs.every(recurring);
      await expect.poll(() => seen.length, { timeout: 5000, interval: 50 }).toBeGreaterThanOrEqual(3);
      expect(seen[0]).toEqual({ payload: { n: 1 }, jobId: 'beat:1' });
      expect(await jobs.find('beat:1')).toMatchObject({ name: 'heartbeat', status: 'scheduled' });
      await jobs.cancel('beat:1');
      const after = seen.length;
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(seen.length).toBeLessThanOrEqual(after + 1);
      expect(await jobs.find('beat:1')).toBeUndefined();
    } finally {
      await jobs.stop();
    }
  });

  it('places a cron pattern in its time zone', async () => {
    const jobs = createBullmqJobs({
      redisUrl: redisUrl as string,
      clock: { now: () => new Date() },
      logger,
      platform: () => platform,
      queueName: queueName(),
      work: false,
    });
    await jobs.start();
    try {
      await jobs.every({
        id: 'rates:daily',
        name: 'market.refresh-rates',
        cron: '0 18 * * *',
        timezone: 'Asia/Jerusalem',
        payload: null,
      });
      const next = await jobs.find('rates:daily');
      const inIsrael = DateTime.fromJSDate(next?.runAt as Date, { zone: 'Asia/Jerusalem' });
      expect(inIsrael.toFormat('HH:mm')).toBe('18:00');
      expect(inIsrael.toMillis() - Date.now()).toBeGreaterThan(0);
      expect(inIsrael.toMillis() - Date.now()).toBeLessThanOrEqual(24 * HOUR);
      await expect(
        jobs.every({ id: 'bad', name: 'x', everyMs: 1000, cron: '0 18 * * *', payload: null }),
      ).rejects.toThrow(/exactly one/);
    } finally {
      await jobs.stop();
    }
  });
});
