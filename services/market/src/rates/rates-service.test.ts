import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBankOfIsraelProvider } from './bank-of-israel';
import { fxRatesMigration, storeCurrencyRates } from './fx-rate-table';
import { usdIlsRatesMigration } from './rate-table';
import { createRatesService } from './rates-service';

let db: Knex;
let server: Server;
let baseUrl: string;
let requests = 0;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

const boiBody = (rate: number, lastUpdate: string) => ({
  exchangeRates: [
    { key: 'EUR', currentExchangeRate: 4.01, currentChange: 0.1, unit: 1, lastUpdate },
    { key: 'USD', currentExchangeRate: rate, currentChange: -0.2, unit: 1, lastUpdate },
    { key: 'GBP', currentExchangeRate: 4.638, currentChange: 0.1, unit: 1, lastUpdate },
    { key: 'JPY', currentExchangeRate: 2.45, currentChange: 0, unit: 100, lastUpdate },
  ],
});

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  await usdIlsRatesMigration.up(db);
  await fxRatesMigration.up(db);
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/PublicApi/GetExchangeRates`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.destroy();
});

beforeEach(async () => {
  await db('usd_ils_rates').truncate();
  await db('fx_rates').truncate();
  requests = 0;
});

const clock = { now: () => new Date('2026-03-10T15:00:00Z') };

describe('USD/ILS rate of a date', () => {
  it('answers the latest stored rate on or before the date, naming its date and source', async () => {
    const rates = createRatesService({ db, clock, fallbackRate: '3.7' });
    await rates.storeRates([
      { date: '2026-03-05', rate: '3.6512', source: 'boi' },
      { date: '2026-03-06', rate: '3.6601', source: 'boi' },
      { date: '2026-03-09', rate: '3.7', source: 'manual' },
    ]);
    // Saturday 7 March has no publication: Friday's rate is the latest on or before it.
    expect(await rates.usdIlsRateOn('2026-03-07')).toEqual({
      rate: '3.6601',
      date: '2026-03-06',
      source: 'boi',
    });
    expect(await rates.usdIlsRateOn('2026-03-09')).toEqual({
      rate: '3.7',
      date: '2026-03-09',
      source: 'manual',
    });
  });

  it('without a stored rate and offline, answers the configured fallback with no date', async () => {
    const rates = createRatesService({ db, clock, fallbackRate: 3.65 });
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({ rate: '3.65', date: null, source: 'fallback' });
  });

  it('fetches from the Bank of Israel when configured, stores the USD rate and answers it', async () => {
    answer = { status: 200, body: boiBody(3.712, '2026-03-10T13:21:45.447') };
    const rates = createRatesService({
      db,
      clock,
      fallbackRate: '3.5',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
    });
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({
      rate: '3.712',
      date: '2026-03-10',
      source: 'boi',
    });
    expect(requests).toBe(1);
    // Stored: the next lookup of that date reads the table and does not call the bank again.
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({
      rate: '3.712',
      date: '2026-03-10',
      source: 'boi',
    });
    expect(requests).toBe(1);
  });

  it('never uses a rate published after the asked date: an old date with nothing stored gets the fallback', async () => {
    answer = { status: 200, body: boiBody(3.712, '2026-03-10T13:21:45') };
    const rates = createRatesService({
      db,
      clock,
      fallbackRate: '3.5',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
    });
    expect(await rates.usdIlsRateOn('2026-01-02')).toEqual({ rate: '3.5', date: null, source: 'fallback' });
  });

  it('a failing bank answers the stored rate or the fallback instead of failing the trade', async () => {
    answer = { status: 503, body: { error: 'down' } };
    const warnings: string[] = [];
    const rates = createRatesService({
      db,
      clock,
      fallbackRate: '3.5',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
      logger: { warn: (_object, message) => warnings.push(message) },
    });
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({ rate: '3.5', date: null, source: 'fallback' });
    expect(warnings).toEqual(['USD/ILS rate fetch failed']);
  });

  it('an answer of an unexpected shape is not trusted', async () => {
    answer = { status: 200, body: { exchangeRates: [{ key: 'USD', currentExchangeRate: 'abc' }] } };
    const rates = createRatesService({
      db,
      clock,
      fallbackRate: '3.5',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
    });
    expect((await rates.usdIlsRateOn('2026-03-10')).source).toBe('fallback');
  });

  it('does not call the bank again within the refetch interval after a miss', async () => {
    answer = { status: 200, body: boiBody(3.7, '2026-03-06T13:00:00') };
    let now = new Date('2026-03-10T15:00:00Z');
    const rates = createRatesService({
      db,
      clock: { now: () => now },
      fallbackRate: '3.5',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
      refetchAfterMs: 60_000,
    });
    await rates.usdIlsRateOn('2026-03-10');
    await rates.usdIlsRateOn('2026-03-10');
    expect(requests).toBe(1);
    now = new Date('2026-03-10T15:02:00Z');
    await rates.usdIlsRateOn('2026-03-10');
    expect(requests).toBe(2);
  });
});

describe('USD per unit of another currency on a date', () => {
  it('divides the stored ILS rate of the currency by the USD one of the same day, naming day and source', async () => {
    await storeCurrencyRates(db, [
      { date: '2026-03-05', currency: 'USD', ilsPerUnit: '3.6', source: 'boi' },
      { date: '2026-03-05', currency: 'GBP', ilsPerUnit: '4.5', source: 'boi' },
      { date: '2026-03-06', currency: 'USD', ilsPerUnit: '3.65', source: 'boi' },
      { date: '2026-03-06', currency: 'GBP', ilsPerUnit: '4.6355', source: 'boi' },
      { date: '2026-03-09', currency: 'GBP', ilsPerUnit: '9', source: 'boi' },
    ]);
    const rates = createRatesService({ db, clock, fallbackRate: '3.7', fxFallbackRates: { GBP: '1.1' } });
    // 4.6355 ÷ 3.65 = 1.27; 9 March has no USD rate, so it cannot make a cross and is passed over.
    expect(await rates.usdPerUnitOn('GBP', '2026-03-09')).toEqual({
      rate: '1.27',
      date: '2026-03-06',
      source: 'boi',
    });
    expect(await rates.usdPerUnitOn('gbp', '2026-03-05')).toEqual({
      rate: '1.25',
      date: '2026-03-05',
      source: 'boi',
    });
  });

  it('fetches every currency from the Bank of Israel, JPY per 1 unit, and keeps USD/ILS as before', async () => {
    answer = { status: 200, body: boiBody(3.5, '2026-03-10T13:21:45') };
    const rates = createRatesService({
      db,
      clock,
      fallbackRate: '3.7',
      provider: createBankOfIsraelProvider({ url: baseUrl }),
    });
    expect(await rates.usdPerUnitOn('JPY', '2026-03-10')).toEqual({
      rate: '0.007',
      date: '2026-03-10',
      source: 'boi',
    });
    expect(await rates.usdPerUnitOn('GBP', '2026-03-10')).toEqual({
      rate: '1.325142857',
      date: '2026-03-10',
      source: 'boi',
    });
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({
      rate: '3.5',
      date: '2026-03-10',
      source: 'boi',
    });
    expect(requests).toBe(1);
  });

  it('without a stored rate of the currency, answers its configured fallback with no date', async () => {
    const rates = createRatesService({ db, clock, fallbackRate: '3.7', fxFallbackRates: { GBP: '1.27' } });
    expect(await rates.usdPerUnitOn('GBP', '2026-03-10')).toEqual({
      rate: '1.27',
      date: null,
      source: 'fallback',
    });
  });

  it('with neither a stored rate nor a fallback, answers nothing rather than inventing a rate', async () => {
    const rates = createRatesService({ db, clock, fallbackRate: '3.7', fxFallbackRates: { EUR: '1.08' } });
    expect(await rates.usdPerUnitOn('GBP', '2026-03-10')).toBeUndefined();
    expect(
      await createRatesService({ db, clock, fallbackRate: '3.7' }).usdPerUnitOn('CHF', '2026-03-10'),
    ).toBeUndefined();
  });
});
