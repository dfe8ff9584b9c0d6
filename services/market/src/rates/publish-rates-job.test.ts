import type { RunningPlatform } from '@yoman/platform';
import { createTestClock, createTestPlatform } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketModule, marketSchedules } from '../index';
import { PUBLISH_RATES_JOB, publishRatesSchedule } from './publish-rates-job';
import { storeRates } from './rate-table';

describe('the sweep that publishes stored rates', () => {
  const clock = createTestClock('2026-03-10T12:00:00Z');
  let running: RunningPlatform;
  beforeAll(async () => {
    running = await createTestPlatform([marketModule], { clock, config: { redisUrl: undefined } });
  });
  afterAll(() => running.close());

  const published = () => running.platform.db('events').where({ type: 'market.rates-published.v1' });

  it('is one of the market’s schedules, every five minutes', () => {
    expect(marketSchedules).toContain(publishRatesSchedule);
    expect(publishRatesSchedule).toMatchObject({ name: PUBLISH_RATES_JOB, everyMs: 300_000 });
  });

  it('given rates stored before the market published them, when it runs, then it publishes them once', async () => {
    await storeRates(running.platform.db, [
      { date: '2026-03-08', rate: '3.71', source: 'boi' },
      { date: '2026-03-09', rate: '3.72', source: 'boi' },
    ]);
    clock.advance(5 * 60_000);
    await running.platform.jobs.runDueJobs(clock.now());
    const events = await published();
    expect(events).toHaveLength(1);
    const data = typeof events[0].data === 'string' ? JSON.parse(events[0].data) : events[0].data;
    expect(
      data.rates.map((rate: { date: string; ilsPerUnit: string }) => [rate.date, rate.ilsPerUnit]),
    ).toEqual([
      ['2026-03-08', '3.71'],
      ['2026-03-09', '3.72'],
    ]);
    clock.advance(5 * 60_000);
    await running.platform.jobs.runDueJobs(clock.now());
    expect(await published()).toHaveLength(1);
  });
});
