import type { TradeEvent } from '@yoman/contracts';
import type { RecordedEvent } from '@yoman/platform';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { figures, loggedEvent } from '../trades/trade-fixtures';
import { ANALYTICS_TABLES, analyticsProjection } from './analytics-projection';
import { daySequenceOfRow, fillMonthSequences } from './sequence-rows';
import { streaksOf } from './sequences';

// The projection is incremental (a save touches its day and month; the all-time rows take a month's old rows
// out and its new ones in; streaks compose months). Whatever the history, its rows must equal a rebuild's.

let db: Knex;

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

const TRADE_IDS = [1, 2, 3, 4, 5].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const USERS = ['user-1', 'user-2'];
const EXITS = [
  '2026-01-31T10:00:00.000Z',
  '2026-02-01T09:00:00.000Z',
  '2026-02-01T12:00:00.000Z',
  '2026-03-15T10:00:00.000Z',
];
// R and minutes written with different numbers of decimals, so sums taken out and put back change scale.
const RS = [null, '1', '1.5000', '-2.25', '-1', '0.1'];

const figuresArb = fc.record({
  exitTime: fc.constantFrom(...EXITS),
  rMultiple: fc.constantFrom(...RS),
  session: fc.constantFrom('london' as const, 'asia' as const),
  entryMinutes: fc.constantFrom(30, 45, 90),
});

function figuresOf(choice: {
  exitTime: string;
  rMultiple: string | null;
  session: 'london' | 'asia';
  entryMinutes: number;
}) {
  const pnl = choice.rMultiple === null ? '-10.00' : (Number(choice.rMultiple) * 100).toFixed(2);
  return {
    exitTime: choice.exitTime,
    entryTime: new Date(Date.parse(choice.exitTime) - choice.entryMinutes * 60_000).toISOString(),
    rMultiple: choice.rMultiple,
    pnlUsd: pnl,
    session: choice.session,
  };
}

const eventArb: fc.Arbitrary<TradeEvent> = fc.oneof(
  fc
    .record({ trade: fc.nat(4), user: fc.nat(1), figures: figuresArb })
    .map(
      ({ trade, user, figures: choice }): TradeEvent =>
        loggedEvent({ tradeId: TRADE_IDS[trade], userId: USERS[user], ...figuresOf(choice) }),
    ),
  fc.record({ trade: fc.nat(4), user: fc.nat(1), figures: figuresArb }).map(
    ({ trade, user, figures: choice }): TradeEvent => ({
      type: 'trade.edited.v1',
      data: {
        ...figures,
        ...figuresOf(choice),
        tradeId: TRADE_IDS[trade],
        userId: USERS[user],
        changedFields: ['exitTime'],
        material: true,
        editedAt: choice.exitTime,
      },
    }),
  ),
  fc.record({ trade: fc.nat(4), user: fc.nat(1) }).map(
    ({ trade, user }): TradeEvent => ({
      type: 'trade.deleted.v1',
      data: { tradeId: TRADE_IDS[trade], userId: USERS[user], deletedAt: EXITS[0] },
    }),
  ),
);

const recordedOf = (events: readonly TradeEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    position: index + 1,
    streamId: `trade-${event.data.tradeId}`,
    streamType: 'trade',
    version: 1,
    metadata: {},
    recordedAt: new Date(EXITS[0]),
  }));

async function snapshot() {
  const rows: Record<string, string[]> = {};
  for (const table of ANALYTICS_TABLES)
    rows[table] = (await db(table).select('*')).map((row) => JSON.stringify(row)).sort();
  return rows;
}

async function reset() {
  await db.transaction((trx) => analyticsProjection.reset(trx));
}

describe('the incremental analytics projection', () => {
  it('leaves, save by save, the rows a rebuild in one batch leaves (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 14 }), async (events) => {
        const recorded = recordedOf(events);
        await reset();
        for (const event of recorded) await db.transaction((trx) => analyticsProjection.apply(event, trx));
        const live = await snapshot();
        await reset();
        await db.transaction(async (trx) => {
          await analyticsProjection.applyBatch?.(recorded, trx);
        });
        expect(await snapshot()).toEqual(live);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps each all-time row the sum of its month rows, and streaks those of the days in order', async () => {
    await reset();
    const events = fc.sample(fc.array(eventArb, { minLength: 20, maxLength: 20 }), {
      numRuns: 1,
      seed: 7,
    })[0];
    for (const event of recordedOf(events))
      await db.transaction((trx) => analyticsProjection.apply(event, trx));
    const { rows: mismatched } = await db.raw(
      `select * from (select user_id, dimension, key, trades, net_r, hold_minutes from trade_analytics_groups where grain = 'all') a
       full join (select user_id, dimension, key, sum(trades) as trades, sum(net_r) as net_r, sum(hold_minutes) as hold_minutes
         from trade_analytics_groups where grain = 'month' group by user_id, dimension, key) m using (user_id, dimension, key)
       where a.trades is distinct from m.trades or a.net_r is distinct from m.net_r or a.hold_minutes is distinct from m.hold_minutes`,
    );
    expect(mismatched).toEqual([]);
    for (const user of USERS) {
      const days = await db('trade_analytics_days').where('user_id', user).orderBy('date');
      const stored = await db('trade_analytics_streaks').where('user_id', user).first();
      const expected = streaksOf(days.map(daySequenceOfRow));
      expect([
        stored?.current_streak ?? 0,
        stored?.max_win_streak ?? 0,
        stored?.max_loss_streak ?? 0,
      ]).toEqual([expected.current, expected.maxWin, expected.maxLoss]);
    }
  });

  it('fills the month summaries of the days already kept (migration 0311)', async () => {
    await reset();
    const events = fc.sample(fc.array(eventArb, { minLength: 20, maxLength: 20 }), {
      numRuns: 1,
      seed: 11,
    })[0];
    await db.transaction(async (trx) => {
      await analyticsProjection.applyBatch?.(recordedOf(events), trx);
    });
    const built = await snapshot();
    await db('trade_analytics_months').delete();
    await fillMonthSequences(db);
    expect(await snapshot()).toEqual(built);
  });
});
