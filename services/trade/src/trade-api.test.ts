// API tests of the trade commands: logging, editing, deleting, locking, rebuilding.

import { CalculateTradeBody, TradeSaveBody } from '@yoman/contracts';
import { fuzzRoute } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { ALICE, asCaller, BOB, eurusd, tradeTestAppPerFile } from './test-support/trade-test-app';
import { lockTradeJob } from './trades/trade-commands';

const t = tradeTestAppPerFile();

describe('POST /api/trades', () => {
  it('logs a trade with server-computed figures, and the calendar shows it at once', async () => {
    const trade = await t.logTrade();
    expect(trade).toMatchObject({
      symbol: 'EURUSD',
      pnlUsd: '500.00',
      pnlIls: '1850.00',
      rMultiple: '1.0000',
      trustScore: 100,
      isLocked: false,
      hasScreenshot: false,
      lockAt: '2026-03-11T10:00:00.000Z',
    });
    const day = await t.call('GET', '/api/daily-aggregates/2026-03-10', ALICE);
    expect(day.json()).toMatchObject({
      date: '2026-03-10',
      netR: '1.0000',
      netPnlIls: '1850.00',
      totalTrades: 1,
      winningTrades: 1,
    });
  });

  it('more than an hour late costs 5 trust; after the lock window it is locked at once and costs 40', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    expect((await t.logTrade()).trustScore).toBe(95);
    t.clock.set('2026-03-12T12:00:00.000Z');
    expect(await t.logTrade()).toMatchObject({ trustScore: 60, isLocked: true });
  });

  it.each([
    [{ symbol: undefined }, 'symbol'],
    [{ exitTime: '2026-03-10T07:00:00.000Z' }, 'exitTime'],
    [{ session: 'tokyo' }, 'session'],
    [{ entryPrice: '-1' }, 'entryPrice'],
  ])('refuses %j with a 400 naming the field', async (change, field) => {
    const response = await t.call('POST', '/api/trades', ALICE, { ...eurusd, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
  });

  it('refuses an exit time in the future', async () => {
    const response = await t.call('POST', '/api/trades', ALICE, {
      ...eurusd,
      exitTime: '2026-03-11T10:00:00.000Z',
    });
    expect(response.json()).toMatchObject({ code: 'EXIT_IN_FUTURE' });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('POST', '/api/trades', null, eurusd)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/trades/{id}', () => {
  it('an edit recomputes the figures; a material edit costs 10 trust', async () => {
    const { id } = await t.logTrade();
    const response = await t.call('PUT', `/api/trades/${id}`, ALICE, { ...eurusd, exitPrice: '1.1100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      exitPrice: '1.11',
      pnlUsd: '1000.00',
      rMultiple: '2.0000',
      trustScore: 90,
    });
    const day = await t.call('GET', '/api/daily-aggregates/2026-03-10', ALICE);
    expect(day.json().netR).toBe('2.0000');
  });

  it("another user's trade and an unknown trade are 404; a malformed id is 400; no caller is 401", async () => {
    const { id } = await t.logTrade();
    expect((await t.call('PUT', `/api/trades/${id}`, BOB, eurusd)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/trades/${id}`, BOB)).statusCode).toBe(404);
    expect(
      (await t.call('DELETE', '/api/trades/5a3c1f4e-0000-4000-8000-000000000009', ALICE)).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/trades/not-an-id', ALICE)).statusCode).toBe(400);
    expect((await t.call('DELETE', `/api/trades/${id}`, null)).statusCode).toBe(401);
  });

  it('a 5,000-character id is 400 naming the parameter, in the house shape', async () => {
    const response = await t.call('PUT', `/api/trades/${'x'.repeat(5000)}`, ALICE, eurusd);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['id'] }] });
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
  });

  it('a delete removes the trade from the list and the calendar', async () => {
    const { id } = await t.logTrade();
    const response = await t.call('DELETE', `/api/trades/${id}`, ALICE);
    expect(response.json()).toEqual({ id, deleted: true });
    expect((await t.call('GET', '/api/trades', ALICE)).json()).toEqual([]);
    expect((await t.call('GET', '/api/daily-aggregates?year=2026&month=3', ALICE)).json()).toEqual([]);
  });

  it('the lock job locks the trade at the end of its window; the server then refuses edit and delete with 409', async () => {
    const { id } = await t.logTrade();
    await lockTradeJob(
      { tradeId: id },
      { now: new Date('2026-03-11T10:00:00.000Z'), platform: t.harness.platform },
    );
    t.clock.set('2026-03-11T10:05:00.000Z');
    const trade = (await t.call('GET', '/api/trades', ALICE)).json()[0];
    expect(trade).toMatchObject({ isLocked: true, trustScore: 85 });
    const edit = await t.call('PUT', `/api/trades/${id}`, ALICE, { ...eurusd, notes: 'שינוי' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'TRADE_LOCKED' });
    expect((await t.call('DELETE', `/api/trades/${id}`, ALICE)).json()).toMatchObject({
      code: 'TRADE_LOCKED',
    });
  });
});

describe('rebuilding the read models', () => {
  it('replaying the event store gives the same trades and daily aggregates', async () => {
    const { id } = await t.logTrade();
    await t.call('PUT', `/api/trades/${id}`, ALICE, { ...eurusd, exitPrice: '1.1100' });
    const { id: second } = await t.logTrade(ALICE, {
      symbol: 'ESZ6',
      assetType: 'futures',
      entryPrice: 5000,
      exitPrice: 4990,
      stopPrice: 4995,
    });
    await t.logTrade(BOB);
    await t.call('DELETE', `/api/trades/${second}`, ALICE);
    const { db } = t.harness.platform;
    const snapshot = async () => ({
      trades: await db('trades').orderBy('id'),
      days: await db('daily_aggregates').orderBy(['user_id', 'date']),
    });
    const live = await snapshot();
    await t.harness.platform.projections.rebuild();
    expect(await snapshot()).toEqual(live);
    expect(live.trades).toHaveLength(2);
  });
});

describe('the lock job', () => {
  const runDueJobs = (now: Date) =>
    (t.harness.platform.jobs as unknown as { runDueJobs(now: Date): Promise<number> }).runDueJobs(now);

  it('is scheduled when a trade is logged and locks it when its window ends', async () => {
    const { id } = await t.logTrade();
    expect(await runDueJobs(new Date('2026-03-11T09:59:00.000Z'))).toBe(0);
    t.clock.set('2026-03-11T10:00:00.000Z');
    expect(await runDueJobs(t.clock.now())).toBe(1);
    const trade = (await t.call('GET', '/api/trades', ALICE)).json()[0];
    expect(trade).toMatchObject({ id, isLocked: true, trustScore: 85 });
  });

  it('is cancelled when the trade is deleted', async () => {
    const { id } = await t.logTrade();
    await t.call('DELETE', `/api/trades/${id}`, ALICE);
    expect(await runDueJobs(new Date('2026-03-12T00:00:00.000Z'))).toBe(0);
  });
});

describe('no request a client can send makes the server fail', () => {
  const headers = asCaller(ALICE);

  it('POST /api/trades and POST /api/calculate-trade', async () => {
    await fuzzRoute(t.app, {
      method: 'POST',
      url: '/api/trades',
      bodySchema: TradeSaveBody,
      headers,
      numRuns: 40,
    });
    await fuzzRoute(t.app, {
      method: 'POST',
      url: '/api/calculate-trade',
      bodySchema: CalculateTradeBody,
      headers,
      numRuns: 40,
    });
  });

  it('PUT /api/trades/{id} and GET /api/trades', async () => {
    const { id } = await t.logTrade();
    await fuzzRoute(t.app, {
      method: 'PUT',
      url: `/api/trades/${id}`,
      bodySchema: TradeSaveBody,
      headers,
      numRuns: 30,
    });
    await fuzzRoute(t.app, { method: 'GET', url: '/api/trades', headers, numRuns: 30 });
  });
});
