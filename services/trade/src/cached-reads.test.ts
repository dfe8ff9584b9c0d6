import { ORGANISATION_STREAM_TYPE } from '@yoman/contracts';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, START, startTradeTestApp } from './test-support/trade-test-app';

// The journal's busiest reads are kept in memory in embedded mode (platform read-cache.ts) and read anew
// after any change: these tests run on PGlite under `npm test`, and on PostgreSQL under `npm run test:infra`,
// where nothing is kept and every read goes to the database.

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp();
});
beforeEach(async () => {
  await t.harness.reset();
  t.clock.set(START);
});
afterAll(() => t.harness.close());

const MONTH = '/api/daily-aggregates?year=2026&month=3';
const FIRST_PAGE = '/api/trades?startDate=2026-03-01T00:00:00.000Z&endDate=2026-03-31T23:59:59.999Z&limit=50';
const DAY = '/api/daily-aggregates/2026-03-10';
const NEWS_PAGE = '/api/trades?news=true&limit=50';
const READS = [MONTH, DAY, FIRST_PAGE, NEWS_PAGE, '/api/dashboard-stats?month=2026-03', '/api/analytics'];

const kept = () => t.harness.platform.readCache !== undefined;

/** The statements the database ran during `action`. */
async function queriesDuring(action: () => Promise<unknown>): Promise<string[]> {
  const db: Knex = t.harness.platform.db;
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  db.on('query', listener);
  try {
    await action();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}

const get = async (url: string, caller = ALICE) => {
  const response = await t.call('GET', url, caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const monthTotal = async (caller = ALICE) =>
  ((await get(MONTH, caller)) as { totalTrades: number }[]).reduce((sum, day) => sum + day.totalTrades, 0);
const dayTotal = async (caller = ALICE) => ((await get(DAY, caller)) as { totalTrades: number }).totalTrades;
const pageIds = async (caller = ALICE) =>
  ((await get(FIRST_PAGE, caller)) as { id: string }[]).map((x) => x.id);
const dashboardTrades = async () => (await get('/api/dashboard-stats?month=2026-03')).totalTrades as number;
const analyticsTrades = async () => (await get('/api/analytics')).coreMetrics.totalTrades as number;

describe('a read asked again with nothing changed', () => {
  it.each(READS)('%s runs no query in embedded mode, and the same answer comes back', async (url) => {
    await t.logTrade();
    const first = await t.call('GET', url, ALICE);
    let again = first;
    const queries = await queriesDuring(async () => {
      again = await t.call('GET', url, ALICE);
    });
    expect(again.body).toBe(first.body);
    expect(again.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
    if (kept()) expect(queries).toEqual([]);
    else expect(queries.length).toBeGreaterThan(0);
  });

  it("a trades list of a period relative to today is kept within the period, and read anew when it turns in the caller's zone", async () => {
    await t.logTrade();
    const url = '/api/trades?dateRange=month&limit=50';
    expect(await get(url)).toHaveLength(1);
    const again = await queriesDuring(() => get(url));
    if (kept()) expect(again).toEqual([]);
    // 1 April, 00:30 in Jerusalem (IDT, UTC+3) but still 31 March in UTC: the month there is April's.
    t.clock.set(new Date('2026-03-31T21:30:00.000Z'));
    let april: unknown[] = [];
    const turned = await queriesDuring(async () => {
      april = await get(url);
    });
    expect(turned.length).toBeGreaterThan(0);
    expect(april).toEqual([]);
  });
});

describe('read-your-writes on every kept read', () => {
  it('a trade saved after a read is in the very next read of each', async () => {
    await t.logTrade();
    expect([
      await monthTotal(),
      await dayTotal(),
      (await pageIds()).length,
      await dashboardTrades(),
      await analyticsTrades(),
    ]).toEqual([1, 1, 1, 1, 1]);
    const second = await t.logTrade(ALICE, { exitTime: '2026-03-10T10:10:00.000Z' });
    expect([
      await monthTotal(),
      await dayTotal(),
      (await pageIds()).length,
      await dashboardTrades(),
      await analyticsTrades(),
    ]).toEqual([2, 2, 2, 2, 2]);
    expect(await pageIds()).toContain(second.id);
  });

  it('an edit and a delete are in the very next read', async () => {
    const trade = await t.logTrade();
    const before = (await get(FIRST_PAGE))[0];
    const edit = await t.call('PUT', `/api/trades/${trade.id}`, ALICE, {
      ...before,
      notes: 'נערך אחרי הקריאה',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get(FIRST_PAGE))[0].notes).toBe('נערך אחרי הקריאה');
    expect((await t.call('DELETE', `/api/trades/${trade.id}`, ALICE)).statusCode).toBe(200);
    expect([
      await monthTotal(),
      await dayTotal(),
      (await pageIds()).length,
      await dashboardTrades(),
      await analyticsTrades(),
    ]).toEqual([0, 0, 0, 0, 0]);
  });

  it('a lock set by the lock job shows on the very next read', async () => {
    await t.logTrade();
    expect((await get(FIRST_PAGE))[0].isLocked).toBe(false);
    t.clock.set('2026-03-12T12:00:00.000Z');
    const jobs = t.harness.platform.jobs as unknown as { runDueJobs(now: Date): Promise<number> };
    expect(await jobs.runDueJobs(t.clock.now())).toBe(1);
    expect((await get(FIRST_PAGE))[0].isLocked).toBe(true);
  });

  it("another user's trade leaves a kept answer in place and never shows in it", async () => {
    await t.logTrade();
    await monthTotal();
    await dayTotal();
    await pageIds();
    await t.logTrade(BOB);
    const queries = await queriesDuring(async () => {
      expect(await monthTotal()).toBe(1);
      expect(await dayTotal()).toBe(1);
      expect(await pageIds()).toHaveLength(1);
    });
    if (kept()) expect(queries).toEqual([]);
    expect(await monthTotal(BOB)).toBe(1);
  });

  it('a projection rebuild drops every kept answer and reads the rebuilt rows', async () => {
    await t.logTrade();
    await monthTotal();
    await t.harness.running.projections.replay();
    const queries = await queriesDuring(async () => expect(await monthTotal()).toBe(1));
    expect(queries.length).toBeGreaterThan(0);
  });
});

describe('what every save reads besides its own trade', () => {
  const CONTEXT_AND_RATES = /trade_caller_zones|trade_lock_policies|trade_fx_rates/;

  it('a second save reads neither the zone, the lock policy nor the day’s rate again in embedded mode, and all three in one statement on PostgreSQL', async () => {
    await t.logTrade();
    const queries = await queriesDuring(() => t.logTrade());
    const lookups = queries.filter((sql) => CONTEXT_AND_RATES.test(sql));
    if (kept()) expect(lookups).toEqual([]);
    else expect(lookups).toHaveLength(1);
  });

  it('a new lock policy, display zone and published rate reach the very next save', async () => {
    const { platform } = t.harness;
    const first = await t.logTrade();
    expect(first.lockAt).toBe('2026-03-11T10:00:00.000Z');
    await platform.eventStore.append('organisation-org-1', ORGANISATION_STREAM_TYPE, 'any', [
      {
        type: 'identity.lock-policy-changed.v1',
        data: { organisationId: 'org-1', tradeLockHours: 48, weekendLocking: true, changedAt: START },
      },
    ]);
    await platform.eventStore.append('rates-2026-03-10', 'market-rates', 'any', [
      {
        type: 'market.rates-published.v1',
        data: {
          rates: [{ date: '2026-03-10', currency: 'USD', ilsPerUnit: '4', source: 'boi' }],
          publishedAt: '2026-03-10T12:00:00.000Z',
        },
      },
    ]);
    await platform.projections.catchUp();
    const second = await t.logTrade();
    expect(second.lockAt).toBe('2026-03-12T10:00:00.000Z');
    expect(Number(second.pnlIls)).toBe(Number(second.pnlUsd) * 4);
    // The zone: a trade closed at 23:30 UTC is saved on the next day in Jerusalem, on the same day in London.
    const lateExit = { entryTime: '2026-03-09T22:00:00.000Z', exitTime: '2026-03-09T23:30:00.000Z' };
    await t.logTrade(ALICE, lateExit);
    expect(await get('/api/daily-aggregates?year=2026&month=3')).toContainEqual(
      expect.objectContaining({ date: '2026-03-10', totalTrades: 3 }),
    );
    await t.changeDisplay('alice', { timezone: 'Europe/London', monthlyGoalR: 10 });
    await t.logTrade(ALICE, lateExit);
    expect(await get('/api/daily-aggregates?year=2026&month=3')).toContainEqual(
      expect.objectContaining({ date: '2026-03-09', totalTrades: 1 }),
    );
  });
});
