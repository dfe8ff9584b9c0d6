import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningPlatform } from '@yoman/platform';
import { createTestClock, createTestPlatform } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketModule, marketSchedules } from '../index';
import { publishRatesSchedule } from './publish-rates-job';
import { refreshRatesSchedule } from './refresh-rates-job';

let server: Server;
let answer: { status: number; body: unknown };

const boiBody = (usd: number, lastUpdate: string) => ({
  exchangeRates: [
    { key: 'USD', currentExchangeRate: usd, currentChange: 0.1, unit: 1, lastUpdate },
    { key: 'EUR', currentExchangeRate: 4.01, currentChange: 0.1, unit: 1, lastUpdate },
  ],
});

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the daily refresh of the Bank of Israel rates', () => {
  const clock = createTestClock('2026-03-10T12:00:00Z');
  let running: RunningPlatform;
  beforeAll(async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/PublicApi/GetExchangeRates`;
    // On the embedded scheduler, whose runs follow the test clock (BullMQ's job schedulers follow Redis time).
    running = await createTestPlatform([marketModule], {
      clock,
      config: { environment: { BOI_RATES_URL: url }, redisUrl: undefined },
    });
    // The daily refresh alone: the five-minute publication sweep has its own test.
    await running.platform.jobs.cancel(publishRatesSchedule.id);
  });
  afterAll(() => running.close());

  it('is the market module’s recurring work, at 18:00 Israel time', async () => {
    expect(marketSchedules).toContain(refreshRatesSchedule);
    // Israel is on winter time (UTC+2) until the end of March.
    expect(await running.platform.jobs.find(refreshRatesSchedule.id)).toMatchObject({
      name: 'market.refresh-rates',
      status: 'scheduled',
      runAt: new Date('2026-03-10T16:00:00Z'),
    });
  });

  it('stores and publishes the day’s rates when it runs, and runs again the next day', async () => {
    answer = { status: 200, body: boiBody(3.652, '2026-03-10T13:21:00') };
    const { jobs, db, eventStore } = running.platform;
    expect(await jobs.runDueJobs(new Date('2026-03-10T16:00:00Z'))).toBe(1);
    const stored = await db('usd_ils_rates').select(db.raw('rate::text as rate'), 'source');
    expect(stored).toEqual([{ rate: expect.stringMatching(/^3\.652/), source: 'boi' }]);
    const [published] = await eventStore.readAll({ after: 0, types: ['market.rates-published.v1'] });
    expect(published?.data).toMatchObject({
      rates: [
        { date: '2026-03-10', currency: 'EUR', ilsPerUnit: '4.01', source: 'boi' },
        { date: '2026-03-10', currency: 'USD', ilsPerUnit: '3.652', source: 'boi' },
      ],
    });
    expect(await jobs.find(refreshRatesSchedule.id)).toMatchObject({
      status: 'scheduled',
      runAt: new Date('2026-03-11T16:00:00Z'),
    });
  });

  it('retries when the Bank of Israel cannot be read', async () => {
    answer = { status: 503, body: {} };
    const { jobs } = running.platform;
    expect(await jobs.runDueJobs(new Date('2026-03-11T16:00:00Z'))).toBe(1);
    expect(await jobs.find(refreshRatesSchedule.id)).toMatchObject({
      status: 'scheduled',
      attempts: 1,
      runAt: new Date('2026-03-11T16:00:30Z'),
      lastError: expect.stringMatching(/503/),
    });
  });
});
