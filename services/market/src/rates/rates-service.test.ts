import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningPlatform } from '@yoman/platform';
import { createTestClock, createTestPlatform, resetDatabase } from '@yoman/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketModule } from '../index';
import { createBankOfIsraelProvider } from './bank-of-israel';
import { storeCurrencyRates } from './fx-rate-table';
import { publishUnpublishedRates } from './rates-publication';
import { createRatesService } from './rates-service';

let server: Server;
let baseUrl: string;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let running: RunningPlatform;
const clock = createTestClock('2026-03-10T15:00:00Z');

const boiBody = (rate: number, lastUpdate: string) => ({
  exchangeRates: [
    { key: 'EUR', currentExchangeRate: 4.01, currentChange: 0.1, unit: 1, lastUpdate },
    { key: 'USD', currentExchangeRate: rate, currentChange: -0.2, unit: 1, lastUpdate },
    { key: 'JPY', currentExchangeRate: 2.45, currentChange: 0, unit: 100, lastUpdate },
  ],
});

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/PublicApi/GetExchangeRates`;
  running = await createTestPlatform([marketModule], { clock });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await running.close();
});

beforeEach(() => resetDatabase(running.platform));

const ratesService = (online: boolean) =>
  createRatesService({
    db: running.platform.db,
    provider: online ? createBankOfIsraelProvider({ url: baseUrl }) : undefined,
    publish: () => publishUnpublishedRates(running.platform),
  });

/** What the market has published, event by event: its stream and its rates. */
async function publications() {
  const events = await running.platform.eventStore.readAll({ after: 0 });
  return events.map((event) => ({
    streamId: event.streamId,
    streamType: event.streamType,
    data: event.data,
  }));
}

describe('storing rates publishes them', () => {
  it('an operator’s USD/ILS rates are stored and published once, on the stream of the publication day', async () => {
    await ratesService(false).storeRates([
      { date: '2026-03-05', rate: '3.6512', source: 'manual' },
      { date: '2026-03-06', rate: '3.66', source: 'manual' },
    ]);
    expect(await publications()).toEqual([
      {
        streamId: 'rates-2026-03-10',
        streamType: 'market-rates',
        data: {
          rates: [
            { date: '2026-03-05', currency: 'USD', ilsPerUnit: '3.6512', source: 'manual' },
            { date: '2026-03-06', currency: 'USD', ilsPerUnit: '3.66', source: 'manual' },
          ],
          publishedAt: '2026-03-10T15:00:00.000Z',
        },
      },
    ]);
    // Publishing again finds nothing new: no second event.
    expect(await publishUnpublishedRates(running.platform)).toBe(0);
    expect(await publications()).toHaveLength(1);
  });

  it('a replaced rate is published again, and only it', async () => {
    const rates = ratesService(false);
    await rates.storeRates([
      { date: '2026-03-05', rate: '3.6512', source: 'manual' },
      { date: '2026-03-06', rate: '3.66', source: 'manual' },
    ]);
    await rates.storeRates([{ date: '2026-03-06', rate: '3.67', source: 'boi' }]);
    const [, second] = await publications();
    expect(second?.data).toMatchObject({
      rates: [{ date: '2026-03-06', currency: 'USD', ilsPerUnit: '3.67', source: 'boi' }],
    });
  });

  it('the daily fetch stores and publishes every currency once, JPY per 1 unit', async () => {
    answer = { status: 200, body: boiBody(3.712, '2026-03-10T13:21:45.447') };
    expect(await ratesService(true).refreshFromSource()).toBe(3);
    const [published, ...more] = await publications();
    expect(more).toEqual([]);
    expect(published?.data).toMatchObject({
      rates: [
        { date: '2026-03-10', currency: 'EUR', ilsPerUnit: '4.01', source: 'boi' },
        { date: '2026-03-10', currency: 'JPY', ilsPerUnit: '0.0245', source: 'boi' },
        { date: '2026-03-10', currency: 'USD', ilsPerUnit: '3.712', source: 'boi' },
      ],
    });
  });

  it('rates stored before the market published anything are published by the next publication', async () => {
    await storeCurrencyRates(running.platform.db, [
      { date: '2026-02-02', currency: 'GBP', ilsPerUnit: '4.5', source: 'boi' },
    ]);
    expect(await publishUnpublishedRates(running.platform)).toBe(1);
    expect(await publishUnpublishedRates(running.platform)).toBe(0);
  });

  it('offline, a refresh fetches nothing; a failing or strange source fails it, so the job retries', async () => {
    expect(await ratesService(false).refreshFromSource()).toBe(0);
    answer = { status: 503, body: { error: 'down' } };
    await expect(ratesService(true).refreshFromSource()).rejects.toThrow();
    answer = { status: 200, body: { exchangeRates: [{ key: 'USD', currentExchangeRate: 'abc' }] } };
    await expect(ratesService(true).refreshFromSource()).rejects.toThrow();
    expect(await publications()).toEqual([]);
  });
});
