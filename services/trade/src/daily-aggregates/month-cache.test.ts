import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, startTradeTestApp } from '../test-support/trade-test-app';
import { createMonthCache, daysChanged, monthsCacheable } from './month-cache';

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp();
});
beforeEach(() => t.harness.reset());
afterAll(() => t.harness.close());

const MONTH = '/api/daily-aggregates?year=2026&month=3';

async function monthQueries(db: Knex, action: () => Promise<unknown>): Promise<number> {
  let seen = 0;
  const listener = (query: { sql: string }) => {
    if (query.sql.includes('from "daily_aggregates"')) seen += 1;
  };
  db.on('query', listener);
  try {
    await action();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}

const totalOf = async (caller = ALICE) =>
  ((await t.call('GET', MONTH, caller)).json() as { totalTrades: number }[]).reduce(
    (sum, day) => sum + day.totalTrades,
    0,
  );

// PGlite here; under `npm run test:infra` PostgreSQL, where the month is read from the database every time.
const cached = () => monthsCacheable(t.harness.platform);

describe('the calendar month, kept in memory in embedded mode', () => {
  it('is read from the database once, then served from memory (on PostgreSQL: every time)', async () => {
    await t.logTrade();
    const db = t.harness.platform.db;
    expect(await monthQueries(db, () => t.call('GET', MONTH, ALICE))).toBe(1);
    expect(await monthQueries(db, () => t.call('GET', MONTH, ALICE))).toBe(cached() ? 0 : 1);
  });

  it('includes a trade saved after it was kept, on the very next read (read-your-writes)', async () => {
    await t.logTrade();
    expect(await totalOf()).toBe(1);
    await t.logTrade();
    expect(await totalOf()).toBe(2);
  });

  it("is not dropped by another user's trade, and never shows it", async () => {
    await t.logTrade();
    expect(await totalOf()).toBe(1);
    await t.logTrade(BOB);
    const db = t.harness.platform.db;
    expect(await monthQueries(db, () => t.call('GET', MONTH, ALICE))).toBe(cached() ? 0 : 1);
    expect(await totalOf()).toBe(1);
    expect(await totalOf(BOB)).toBe(1);
  });

  it('follows a deleted trade and a projection rebuild', async () => {
    const trade = await t.logTrade();
    expect(await totalOf()).toBe(1);
    expect((await t.call('DELETE', `/api/trades/${trade.id}`, ALICE)).statusCode).toBeLessThan(300);
    expect(await totalOf()).toBe(0);
    await t.logTrade();
    expect(await totalOf()).toBe(1);
    await t.harness.running.projections.replay();
    expect(await totalOf()).toBe(1);
  });
});

describe('a month read while its days change', () => {
  it('is not kept, so the next read goes to the database', async () => {
    const cache = createMonthCache();
    try {
      let reads = 0;
      const db = t.harness.platform.db;
      const read = async () => {
        reads += 1;
        // The projection writes the user's days while this read is under way.
        await db.transaction(async (trx) => daysChanged(trx, ['alice']));
        return [];
      };
      await cache.month('alice', '2026-3', read);
      await cache.month('alice', '2026-3', async () => {
        reads += 1;
        return [];
      });
      expect(reads).toBe(2);
    } finally {
      cache.close();
    }
  });
});
