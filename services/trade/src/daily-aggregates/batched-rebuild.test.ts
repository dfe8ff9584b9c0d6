import type { TradeEvent, TradeFiguresData } from '@yoman/contracts';
import type { Projection, RecordedEvent } from '@yoman/platform';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { editedEvent, LOCK_AT, loggedEvent, recordedTradeEvents } from '../trades/trade-fixtures';
import { tradesProjection } from '../trades/trades-projection';
import { dailyAggregatesProjection } from './daily-aggregates-projection';

// The runner hands both trade read models whole batches (applyBatch) when it catches up or rebuilds, and
// single events (apply) when it isolates a failing one. Both must leave exactly the same rows.

let db: Knex;
const projections: Projection[] = [tradesProjection, dailyAggregatesProjection];

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const [A, B, C, D, E, NEVER_LOGGED] = [1, 2, 3, 4, 5, 6].map(id) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const at = '2026-03-10T12:00:00.000Z';

const edited = (tradeId: string, userId: string, changes: Partial<TradeFiguresData>) =>
  editedEvent(tradeId, userId, changes, at);
const trust = (tradeId: string, userId: string, trustScore: number): TradeEvent => ({
  type: 'trade.trust-changed.v1',
  data: { tradeId, userId, reason: 'late_logging', change: trustScore - 100, trustScore, changedAt: at },
});
const locked = (tradeId: string, userId: string): TradeEvent => ({
  type: 'trade.locked.v1',
  data: { tradeId, userId, lockAt: LOCK_AT, lockedAt: LOCK_AT },
});
const deleted = (tradeId: string, userId: string): TradeEvent => ({
  type: 'trade.deleted.v1',
  data: { tradeId, userId, deletedAt: at },
});

/** Two users' trades logged, edited across days, locked, re-trusted, given screenshots and deleted. */
const history: TradeEvent[] = [
  loggedEvent({ tradeId: A }),
  loggedEvent({ tradeId: B, session: 'asia', rMultiple: null, pnlUsd: '-100.00', pnlIls: '-370.00' }),
  loggedEvent({
    tradeId: C,
    userId: 'user-2',
    exitTime: '2026-03-10T23:30:00.000Z',
    timezone: 'America/New_York',
  }),
  locked(A, 'user-1'),
  trust(A, 'user-1', 85),
  {
    type: 'trade.screenshot-attached.v1',
    data: { tradeId: B, userId: 'user-1', screenshotUrl: '/s/b', attachedAt: at },
  },
  edited(A, 'user-1', { exitTime: '2026-03-12T10:00:00.000Z' }),
  loggedEvent({ tradeId: D, exitTime: '2026-03-12T09:00:00.000Z', screenshotUrl: '/s/d' }),
  deleted(B, 'user-1'),
  edited(C, 'user-2', {
    pnlUsd: '250.00',
    pnlIls: '925.00',
    session: 'new_york',
    timezone: 'America/New_York',
  }),
  trust(C, 'user-2', 40),
  deleted(D, 'user-1'),
  loggedEvent({ tradeId: E, rMultiple: '2.5000', pnlUsd: '1250.00', pnlIls: '4625.00' }),
  edited(E, 'user-1', { exitTime: '2026-03-11T10:00:00.000Z', rMultiple: '2.5000' }),
  locked(C, 'user-2'),
  trust(NEVER_LOGGED, 'user-1', 70),
  edited(B, 'user-1', { exitTime: '2026-03-13T10:00:00.000Z' }),
];

const recorded = recordedTradeEvents(history, new Date(at));

async function rebuild(apply: (projection: Projection, trx: Knex.Transaction) => Promise<void>) {
  await db.transaction(async (trx) => {
    for (const projection of projections) await projection.reset(trx);
  });
  await db.transaction(async (trx) => {
    for (const projection of projections) await apply(projection, trx);
  });
}

const batchOf =
  (events: readonly RecordedEvent[]) => async (projection: Projection, trx: Knex.Transaction) => {
    await projection.applyBatch?.(events, trx);
  };
const inBatchesOf = (size: number) => async (projection: Projection, trx: Knex.Transaction) => {
  for (let start = 0; start < recorded.length; start += size)
    await projection.applyBatch?.(recorded.slice(start, start + size), trx);
};

const readModels = async () => ({
  trades: await db('trades').orderBy('id').select(),
  tradeDays: await db('daily_aggregate_trades').orderBy('trade_id').select(),
  days: await db('daily_aggregates').orderBy(['user_id', 'date']).select(),
});

describe('batched application of the trade read models', () => {
  it('a batched rebuild equals event-by-event application, in one batch or in batches cutting trades apart', async () => {
    await rebuild(async (projection, trx) => {
      for (const event of recorded) await projection.apply(event, trx);
    });
    const oneByOne = await readModels();
    expect(oneByOne.trades.map((row) => [row.id, row.trust_score, row.is_locked])).toEqual([
      [A, 85, true],
      [C, 40, true],
      [E, 100, false],
    ]);
    expect(
      oneByOne.days.map((day) => [
        day.user_id,
        day.total_trades,
        day.net_r,
        day.net_pnl_ils,
        day.has_low_trust,
      ]),
    ).toEqual([
      ['user-1', 1, '2.5000', '1850.00', false],
      ['user-1', 1, '1.0000', '1850.00', false],
      ['user-2', 1, '1.0000', '925.00', true],
    ]);

    await rebuild(batchOf(recorded));
    expect(await readModels()).toEqual(oneByOne);
    for (const size of [2, 3, 5]) {
      await rebuild(inBatchesOf(size));
      expect(await readModels()).toEqual(oneByOne);
    }
  });

  it('replaying the whole batch again over the built read models changes nothing', async () => {
    await rebuild(batchOf(recorded));
    const once = await readModels();
    await db.transaction(async (trx) => {
      for (const projection of projections) await batchOf(recorded)(projection, trx);
    });
    expect(await readModels()).toEqual(once);
  });
});
