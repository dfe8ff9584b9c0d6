// The trade module's reads on a 20,000-trade student: each is answered from an index, never by reading the
// whole table or sorting it.

import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDailyAggregates } from '../daily-aggregates/daily-aggregate-queries';
import { tradeMigrations } from '../migrations';
import { findTrade, listTrades } from './trade-queries';

const STUDENT = 'student-20k';
const TRADES = 20_000;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const context = { userId: STUDENT, timezone: 'Asia/Jerusalem', now: NOW };

let db: Knex;

/** 20,000 trades for the student, one every 80 minutes back from NOW, plus 10,000 of other students. */
async function seed() {
  const rows = (user: string, count: number) =>
    db.raw(
      `insert into trades (id, user_id, organisation_id, symbol, asset_type, direction, session, setup,
         entry_price, exit_price, position_size, fees, pnl_usd, pnl_ils, usd_to_ils_rate, r_multiple,
         entry_time, exit_time, timezone, is_locked, lock_at, trust_score, logged_at)
       select gen_random_uuid(), ?, 'org-1', 'EURUSD', 'forex', 'long',
         (array['asia','london','new_york'])[1 + n % 3], 'breakout', 1.1, 1.1 + (n % 7 - 3) / 1000.0, 1, 0,
         (n % 7 - 3) * 100, (n % 7 - 3) * 370, 3.7, (n % 7 - 3) / 2.0,
         ?::timestamptz - n * interval '80 minutes' - interval '1 hour', ?::timestamptz - n * interval '80 minutes',
         'Asia/Jerusalem', n > 20, ?::timestamptz - n * interval '80 minutes' + interval '24 hours', 100,
         ?::timestamptz - n * interval '80 minutes'
       from generate_series(1, ?) as n`,
      [user, NOW, NOW, NOW, NOW, count],
    );
  await rows(STUDENT, TRADES);
  for (const other of ['a', 'b', 'c', 'd']) await rows(`student-${other}`, 2_500);
  await db.raw(
    `insert into daily_aggregates (user_id, date, net_r, net_pnl_ils, total_trades, winning_trades, r_trades,
       all_have_screenshots, has_low_trust, asia_net_r, asia_trades, london_net_r, london_trades,
       new_york_net_r, new_york_trades)
     select user_id, (exit_time at time zone 'UTC')::date, sum(r_multiple), sum(pnl_ils), count(*),
       count(*) filter (where pnl_usd > 0), count(r_multiple), false, false, 0, 0, 0, 0, 0, 0
     from trades group by 1, 2`,
  );
  await db.raw('analyze');
}

/** The plan Postgres chooses for every statement `read` sends. */
async function plansOf(read: () => Promise<unknown>): Promise<string[]> {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const capture = (query: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', capture);
  try {
    await read();
  } finally {
    db.removeListener('query', capture);
  }
  const plans: string[] = [];
  for (const statement of statements) {
    const result = await db.raw(
      `explain ${statement.sql.replace(/\$\d+/g, '?')}`,
      statement.bindings as never,
    );
    plans.push(result.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n'));
  }
  return plans;
}

const monthQuery = { startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-02-28T23:59:59.999Z' };

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
  await seed();
}, 120_000);
afterAll(() => db.destroy());

describe('read indexes on a 20,000-trade student', () => {
  it('the first page of a month starts at the keyset index and reads no more than the page', async () => {
    const [plan] = await plansOf(() => listTrades(db, { ...monthQuery, limit: 50 }, context));
    expect(plan).toMatch(/Index Scan Backward using trades_user_id_exit_time_id_index/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('a later page starts at its cursor in the same index', async () => {
    const first = await listTrades(db, { ...monthQuery, limit: 50 }, context);
    const [plan] = await plansOf(() =>
      listTrades(db, { ...monthQuery, limit: 50, cursor: first.next }, context),
    );
    expect(plan).toMatch(/Index Cond: .*ROW\(exit_time, id\) < ROW/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('the whole month (no limit) is a range of the same index', async () => {
    const [plan] = await plansOf(() => listTrades(db, monthQuery, context));
    expect(plan).toMatch(/Index Cond: \(\(user_id = 'student-20k'::text\) AND \(exit_time >= /);
    expect(plan).toMatch(/trades_user_id_exit_time_id_index/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('a filtered page (session, result) still walks the index newest first', async () => {
    const [plan] = await plansOf(() =>
      listTrades(db, { ...monthQuery, session: 'london', result: 'win', limit: 50 }, context),
    );
    expect(plan).toMatch(/trades_user_id_exit_time_id_index/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });

  it("the calendar's month of daily aggregates is a range of the primary key", async () => {
    const [plan] = await plansOf(() => listDailyAggregates(db, STUDENT, 2026, 2));
    expect(plan).toMatch(/daily_aggregates_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('one trade is found by its primary key', async () => {
    const [plan] = await plansOf(() => findTrade(db, STUDENT, '00000000-0000-4000-8000-000000000000'));
    expect(plan).toMatch(/trades_pkey/);
  });

  it('the overdue-locks sweep reads only open trades, by lock time', async () => {
    const [plan] = await plansOf(() =>
      db('trades')
        .where('is_locked', false)
        .where('lock_at', '<=', NOW)
        .orderBy('lock_at')
        .limit(200)
        .pluck('id'),
    );
    expect(plan).toMatch(/trades_open_lock_at_index/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
