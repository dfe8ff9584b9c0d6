// Property: paging the trades list by its keyset returns every trade that stays in the list exactly once,
// newest exit first, whatever is logged or deleted between pages and however many exit times are equal.

import { randomUUID } from 'node:crypto';
import type { TradesQuery } from '@yoman/contracts';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { cursorTimeOf, listTrades, type NewsWindows } from './trade-queries';

const USER = 'pager';
const context = { userId: USER, timezone: 'UTC', now: new Date('2026-04-01T00:00:00.000Z') };
let db: Knex;

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

/** Few distinct exit times (some to the microsecond), so many trades share one. */
const EXIT_TIMES = [
  '2026-03-01T10:00:00.000000Z',
  '2026-03-01T10:00:00.000001Z',
  '2026-03-01T10:00:00.000999Z',
  '2026-03-02T08:30:00.000000Z',
  '2026-03-05T23:59:59.999999Z',
];

async function insertTrade(exitTime: string, session: string, setup = 'breakout'): Promise<string> {
  const id = randomUUID();
  await db('trades').insert({
    id,
    user_id: USER,
    symbol: 'EURUSD',
    asset_type: 'forex',
    direction: 'long',
    session,
    setup,
    entry_price: '1.1',
    exit_price: '1.2',
    position_size: '1',
    fees: '0',
    pnl_usd: '10',
    pnl_ils: '37',
    usd_to_ils_rate: '3.7',
    entry_time: '2026-03-01T00:00:00.000Z',
    exit_time: exitTime,
    timezone: 'UTC',
    lock_at: '2026-04-01T00:00:00.000Z',
    trust_score: 100,
    logged_at: '2026-03-01T00:00:00.000Z',
  });
  return id;
}

const tradeArbitrary = fc.record({
  exitTime: fc.constantFrom(...EXIT_TIMES),
  session: fc.constantFrom('asia', 'london'),
  setup: fc.constantFrom('breakout', 'news'),
});
/** An economic calendar with one high-impact event, on 3 March at midnight (UTC) for ten minutes. */
const oneEvent: NewsWindows = async () => [
  { start: new Date('2026-03-03T00:00:00.000Z'), end: new Date('2026-03-03T00:10:00.000Z') },
];
/**
 * No filter, filters the database applies (the news filter without a calendar is one: the trades' setup), or
 * the news filter on a calendar's windows, applied after the database's in batches.
 */
const FILTERS: {
  query: TradesQuery;
  newsWindows?: NewsWindows;
  keeps: (trade: { session: string; setup: string; exitTime: string }) => boolean;
}[] = [
  { query: {}, keeps: () => true },
  { query: { session: 'london' }, keeps: (trade) => trade.session === 'london' },
  { query: { news: true }, keeps: (trade) => trade.setup === 'news' },
  { query: { news: false }, keeps: (trade) => trade.setup !== 'news' },
  // Every trade opened on 1 March: only one closed within 30 minutes before the event or after is near it.
  {
    query: { news: true },
    newsWindows: oneEvent,
    keeps: (trade) => Date.parse(trade.exitTime) >= Date.parse('2026-03-02T23:30:00.000Z'),
  },
];
const changeArbitrary = fc.record({
  inserts: fc.array(tradeArbitrary, { maxLength: 3 }),
  /** Indexes into the trades there at the start, taken out of the list. */
  deletes: fc.array(fc.nat(), { maxLength: 2 }),
});

describe('keyset paging of the trades list', () => {
  it('every trade that stays is returned once, in order, whatever changes between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tradeArbitrary, { minLength: 0, maxLength: 25 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(changeArbitrary, { maxLength: 12 }),
        fc.constantFrom(...FILTERS),
        async (initial, limit, changes, filter) => {
          await db('trades').delete();
          const before: string[] = [];
          for (const trade of initial) {
            before.push(await insertTrade(trade.exitTime, trade.session, trade.setup));
          }
          const deleted = new Set<string>();
          const { query, newsWindows } = filter;
          const seen: { id: string; exitTime: string }[] = [];
          let cursor: TradesQuery['cursor'];
          for (let pageIndex = 0; ; pageIndex += 1) {
            const page = await listTrades(db, { ...query, limit, cursor }, { ...context, newsWindows });
            expect(page.trades.length).toBeLessThanOrEqual(limit);
            seen.push(...page.trades.map((trade) => ({ id: trade.id, exitTime: trade.exitTime })));
            if (!page.next) break;
            expect(page.trades.length).toBe(limit);
            cursor = page.next;
            const change = changes[pageIndex];
            for (const trade of change?.inserts ?? []) {
              await insertTrade(trade.exitTime, trade.session, trade.setup);
            }
            for (const index of change?.deletes ?? []) {
              const id = before[index % Math.max(before.length, 1)];
              if (id) {
                deleted.add(id);
                await db('trades').where({ id }).delete();
              }
            }
          }
          const ids = seen.map((trade) => trade.id);
          expect(new Set(ids).size).toBe(ids.length);
          const kept = initial
            .map((trade, index) => ({ ...trade, id: before[index] as string }))
            .filter((trade) => !deleted.has(trade.id) && filter.keeps(trade));
          for (const trade of kept) expect(ids).toContain(trade.id);
          for (let index = 1; index < seen.length; index += 1) {
            const previous = seen[index - 1] as { id: string; exitTime: string };
            const current = seen[index] as { id: string; exitTime: string };
            const older = Date.parse(current.exitTime) <= Date.parse(previous.exitTime);
            expect(older).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('with nothing changed, the pages joined are the unpaged list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tradeArbitrary, { maxLength: 20 }),
        fc.integer({ min: 1, max: 7 }),
        async (initial, limit) => {
          await db('trades').delete();
          for (const trade of initial) await insertTrade(trade.exitTime, trade.session);
          const whole = (await listTrades(db, {}, context)).trades;
          const pages = [];
          let cursor: TradesQuery['cursor'];
          do {
            const page = await listTrades(db, { limit, cursor }, context);
            pages.push(...page.trades);
            cursor = page.next;
          } while (cursor);
          expect(pages).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('cursorTimeOf', () => {
  it.each([
    ['2026-03-01 10:00:00+00', '2026-03-01T10:00:00.000000Z'],
    ['2026-03-01 10:00:00.5+00', '2026-03-01T10:00:00.500000Z'],
    ['2026-03-01 12:00:00.000123+02', '2026-03-01T10:00:00.000123Z'],
    ['2026-03-01 01:00:00.999999-05', '2026-03-01T06:00:00.999999Z'],
    ['2026-03-01 05:30:00+05:30', '2026-03-01T00:00:00.000000Z'],
    ['1890-01-01 00:00:00+02:20:40', '1889-12-31T21:39:20.000000Z'],
  ])('reads %s as %s', (text, expected) => {
    expect(cursorTimeOf(text)).toBe(expected);
  });
});
