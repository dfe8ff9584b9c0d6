import type { TradeEvent } from '@yoman/contracts';
import { createReadCache, type RecordedEvent } from '@yoman/platform';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { figures, loggedEvent, recordedTradeEvents } from '../trades/trade-fixtures';
import { ANALYTICS_TABLES, analyticsProjection } from './analytics-projection';
import type { Outcome } from './figures';
import { daySequenceOfRow, fillMonthRuns, fillMonthSequences } from './sequence-rows';
import { composedSequenceOf, daySequenceOf, streaksOf } from './sequences';

// The projection is incremental (a save adds its fact to its day, month and all-time rows and takes the old
// one out; a day gaining a trade after its last extends its summary; streaks compose from the month before).
// Whatever the history and however the events are split into batches, its rows must equal a rebuild's, and
// a rebuild's must equal the figures computed from the trades themselves.

let db: Knex;

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

const TRADE_IDS = [1, 2, 3, 4, 5, 6, 7].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const USERS = ['user-1', 'user-2'];
// Several exits on one day (two at the same instant, ordered by trade id), so trades join a day after its
// last trade, before it and between its trades; and days in four months.
const EXITS = [
  '2026-01-31T10:00:00.000Z',
  '2026-02-01T07:15:00.000Z',
  '2026-02-01T09:00:00.000Z',
  '2026-02-01T12:00:00.000Z',
  '2026-02-01T12:00:00.000Z',
  '2026-02-01T16:30:00.000Z',
  '2026-03-15T10:00:00.000Z',
  '2026-04-02T10:00:00.000Z',
];
// R and minutes written with different numbers of decimals, so sums taken out and put back change scale;
// tenths, whose binary sums are inexact, so a summary extended from a stored one must equal one folded anew.
const RS = [null, '1', '1.5000', '-2.25', '-1', '0.1', '0.2', '-0.3'];

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

const tradeArb = fc.nat(TRADE_IDS.length - 1);

const eventArb: fc.Arbitrary<TradeEvent> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({ trade: tradeArb, user: fc.nat(1), figures: figuresArb })
      .map(
        ({ trade, user, figures: choice }): TradeEvent =>
          loggedEvent({ tradeId: TRADE_IDS[trade], userId: USERS[user], ...figuresOf(choice) }),
      ),
  },
  fc.record({ trade: tradeArb, user: fc.nat(1), figures: figuresArb }).map(
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
  fc.record({ trade: tradeArb, user: fc.nat(1) }).map(
    ({ trade, user }): TradeEvent => ({
      type: 'trade.deleted.v1',
      data: { tradeId: TRADE_IDS[trade], userId: USERS[user], deletedAt: EXITS[0] },
    }),
  ),
  fc.record({ trade: tradeArb, user: fc.nat(1) }).map(
    ({ trade, user }): TradeEvent => ({
      type: 'trade.screenshot-attached.v1',
      data: {
        tradeId: TRADE_IDS[trade],
        userId: USERS[user],
        screenshotUrl: `/api/screenshots/${trade}`,
        screenshotSha256: 'a'.repeat(64),
        attachedAt: EXITS[0],
      },
    }),
  ),
);

const recordedOf = (events: readonly TradeEvent[]) => recordedTradeEvents(events, new Date(EXITS[0]));

async function snapshot() {
  const rows: Record<string, string[]> = {};
  for (const table of ANALYTICS_TABLES)
    rows[table] = (await db(table).select('*')).map((row) => JSON.stringify(row)).sort();
  return rows;
}

async function reset() {
  await db.transaction((trx) => analyticsProjection.reset(trx));
}

async function rebuild(recorded: readonly RecordedEvent[]) {
  await reset();
  await db.transaction(async (trx) => {
    await analyticsProjection.applyBatch?.(recorded, trx);
  });
  return snapshot();
}

/** The events cut into consecutive batches at these points (each taken modulo the length). */
function batchesOf<T>(events: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((cut) => cut % events.length))].sort((a, b) => a - b);
  return [0, ...points, events.length]
    .slice(0, -1)
    .map((start, index, starts) => events.slice(start, starts[index + 1] ?? events.length))
    .filter((batch) => batch.length > 0);
}

/** What the projection's rows must say, computed from the stored trades alone, without the projection's code. */
async function figuresFromTrades() {
  const { rows: groups } = await db.raw(
    `select t.user_id, p.grain, p.period, d.dimension, d.key, count(*)::int as trades,
       count(*) filter (where t.outcome = 1)::int as wins, count(*) filter (where t.outcome = -1)::int as losses,
       count(t.r_multiple)::int as r_trades, trim_scale(coalesce(sum(t.r_multiple), 0))::text as net_r,
       count(t.r_multiple) filter (where t.outcome = -1)::int as loss_r_trades,
       trim_scale(coalesce(sum(t.r_multiple) filter (where t.outcome = -1), 0))::text as loss_r,
       trim_scale(sum(t.hold_minutes))::text as hold_minutes,
       count(*) filter (where t.has_screenshot)::int as screenshots
     from trade_analytics_trades t
     cross join lateral (values ('day', t.date), ('month', left(t.date, 7)), ('all', '')) as p(grain, period)
     cross join lateral (values ('total', ''), ('session', t.session), ('setup', t.setup_key),
       ('symbol', t.symbol), ('hour', t.entry_hour::text), ('weekday', t.entry_weekday::text),
       ('heat', t.entry_weekday::text || ':' || t.entry_hour::text), ('bucket', t.r_bucket)) as d(dimension, key)
     where d.key is not null
     group by 1, 2, 3, 4, 5`,
  );
  const trades = await db('trade_analytics_trades')
    .select('user_id', 'date', db.raw('r_multiple::text as r'), 'outcome')
    .orderBy(['user_id', 'date', 'exit_time', 'trade_id']);
  const days = new Map<string, { r: number | null; outcome: Outcome }[]>();
  for (const trade of trades) {
    const key = `${trade.user_id}|${trade.date}`;
    days.set(key, [
      ...(days.get(key) ?? []),
      { r: trade.r === null ? null : Number(trade.r), outcome: trade.outcome },
    ]);
  }
  const daySequences = [...days].map(([key, dayTrades]) => ({ key, sequence: daySequenceOf(dayTrades) }));
  return { groups, daySequences };
}

const storedGroups = async () =>
  (
    await db.raw(
      `select user_id, grain, period, dimension, key, trades, wins, losses, r_trades, net_r::text, loss_r_trades,
         loss_r::text, hold_minutes::text, screenshots from trade_analytics_groups`,
    )
  ).rows;

const byKey = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();

/** Each month row is its days composed, with the runs of the days up to it; streaks are those of all the days. */
async function expectMonthsAndStreaksOfDays() {
  for (const user of USERS) {
    const days = await db('trade_analytics_days').where('user_id', user).orderBy('date');
    const months = await db('trade_analytics_months').where('user_id', user).orderBy('month');
    for (const month of months) {
      const ofMonth = days.filter((day) => day.date.startsWith(month.month)).map(daySequenceOfRow);
      expect(daySequenceOfRow(month)).toEqual(composedSequenceOf(ofMonth));
      const upTo = days.filter((day) => day.date.slice(0, 7) <= month.month).map(daySequenceOfRow);
      expect([month.through_last_run, month.through_max_win_run, month.through_max_loss_run]).toEqual(
        Object.values(streaksOf(upTo)),
      );
    }
    const stored = await db('trade_analytics_streaks').where('user_id', user).first();
    const expected = streaksOf(days.map(daySequenceOfRow));
    expect([stored?.current_streak ?? 0, stored?.max_win_streak ?? 0, stored?.max_loss_streak ?? 0]).toEqual([
      expected.current,
      expected.maxWin,
      expected.maxLoss,
    ]);
  }
}

describe('the incremental analytics projection', () => {
  it('leaves, save by save, the rows a rebuild in one batch leaves (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 20, size: 'max' }), async (events) => {
        const recorded = recordedOf(events);
        await reset();
        for (const event of recorded) await db.transaction((trx) => analyticsProjection.apply(event, trx));
        const live = await snapshot();
        expect(await rebuild(recorded)).toEqual(live);
      }),
      { numRuns: 40 },
    );
  });

  it('leaves the same rows however the events are split into batches (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 2, maxLength: 24, size: 'max' }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (events, cuts) => {
          const recorded = recordedOf(events);
          await reset();
          for (const batch of batchesOf(recorded, cuts))
            await db.transaction(async (trx) => {
              await analyticsProjection.applyBatch?.(batch, trx);
            });
          const live = await snapshot();
          expect(await rebuild(recorded)).toEqual(live);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keeps, save by save, the sums, day and month summaries and streaks the stored trades give (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 20, size: 'max' }), async (events) => {
        await reset();
        for (const event of recordedOf(events))
          await db.transaction((trx) => analyticsProjection.apply(event, trx));
        const expected = await figuresFromTrades();
        expect(byKey(await storedGroups())).toEqual(byKey(expected.groups));
        const days = await db('trade_analytics_days').orderBy(['user_id', 'date']);
        expect(
          days.map((row) => ({ key: `${row.user_id}|${row.date}`, sequence: daySequenceOfRow(row) })),
        ).toEqual(expected.daySequences.sort((a, b) => (a.key < b.key ? -1 : 1)));
        await expectMonthsAndStreaksOfDays();
      }),
      { numRuns: 30 },
    );
  });

  it('keeps each all-time row the sum of its month rows, each month its days composed, and streaks those of the days in order', async () => {
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
    await expectMonthsAndStreaksOfDays();
  });

  it('applies a batch without trade events, and a save, where answers are kept in memory', async () => {
    const cache = createReadCache({ maxBytes: 1_000_000 });
    try {
      await reset();
      const other: RecordedEvent = {
        type: 'identity.user-registered.v1',
        data: {},
        position: 1,
        streamId: 'user-1',
        streamType: 'user',
        version: 1,
        metadata: {},
        recordedAt: new Date(EXITS[0]),
      };
      await db.transaction(async (trx) => {
        await analyticsProjection.applyBatch?.([other], trx);
      });
      const [save] = recordedOf([
        loggedEvent({ tradeId: TRADE_IDS[0], userId: USERS[0], organisationId: 'org-1' }),
      ]);
      await db.transaction((trx) => analyticsProjection.apply(save, trx));
      expect(await db('trade_analytics_members').pluck('organisation_id')).toEqual(['org-1']);
    } finally {
      cache.close();
    }
  });

  it('fills the month summaries of the days already kept and the runs through each month (migrations 0311, 0312)', async () => {
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
    await fillMonthRuns(db);
    expect(await snapshot()).toEqual(built);
  });
});
