import type { TradeEvent } from '@yoman/contracts';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { editedEvent, LOCK_AT, loggedEvent, recordedTradeEvents } from '../trades/trade-fixtures';
import { recomputeDays } from './daily-aggregate-rows';
import { dailyAggregatesProjection } from './daily-aggregates-projection';

// Days that only gain trades get the new trades' sums added; days whose stored trades changed are summed
// again from their trades. Whatever the history and however it is cut into batches, every day row must be
// exactly the row summing its trades from nothing gives: same sums, same scale, same flags.

let db: Knex;

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

const TRADES = ['1', '2', '3', '4', '5'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const USERS = ['user-1', 'user-2'];
// Two exits on one Jerusalem day, one on the next and one that is still the 10th in New York.
const EXITS = [
  '2026-03-10T08:00:00.000Z',
  '2026-03-10T15:00:00.000Z',
  '2026-03-11T09:00:00.000Z',
  '2026-03-10T23:30:00.000Z',
];
// Amounts of different scales, so a sum's scale shows whether the day was added to or summed again.
const R_VALUES = ['1.0000', '-0.5', '2.25', null, '0'];
const MONEY = ['500.00', '-120.5', '37', '0.10', '-1850.00'];
const AT = '2026-03-12T12:00:00.000Z';

const figuresArb = fc.record({
  exitTime: fc.constantFrom(...EXITS),
  timezone: fc.constantFrom('Asia/Jerusalem', 'America/New_York'),
  session: fc.constantFrom('asia', 'london', 'new_york' as const),
  rMultiple: fc.constantFrom(...R_VALUES),
  pnlUsd: fc.constantFrom(...MONEY),
  pnlIls: fc.constantFrom(...MONEY),
});

const eventArb: fc.Arbitrary<TradeEvent> = fc
  .record({
    kind: fc.constantFrom('logged', 'logged', 'edited', 'screenshot', 'trust', 'locked', 'deleted'),
    tradeId: fc.constantFrom(...TRADES),
    userId: fc.constantFrom(...USERS),
    figures: figuresArb,
    screenshot: fc.boolean(),
    trustScore: fc.constantFrom(100, 85, 40),
  })
  .map(({ kind, tradeId, userId, figures: changes, screenshot, trustScore }): TradeEvent => {
    switch (kind) {
      case 'logged':
        return loggedEvent({
          ...changes,
          tradeId,
          userId,
          trustScore,
          screenshotUrl: screenshot ? `/s/${tradeId}` : null,
        });
      case 'edited':
        return editedEvent(tradeId, userId, changes, AT);
      case 'screenshot':
        return {
          type: 'trade.screenshot-attached.v1',
          data: { tradeId, userId, screenshotUrl: `/s/${tradeId}`, attachedAt: AT },
        };
      case 'trust':
        return {
          type: 'trade.trust-changed.v1',
          data: {
            tradeId,
            userId,
            reason: 'late_logging',
            change: trustScore - 100,
            trustScore,
            changedAt: AT,
          },
        };
      case 'locked':
        return { type: 'trade.locked.v1', data: { tradeId, userId, lockAt: LOCK_AT, lockedAt: LOCK_AT } };
      default:
        return { type: 'trade.deleted.v1', data: { tradeId, userId, deletedAt: AT } };
    }
  });

/** A history and the sizes of the batches it is cut into (the last batch takes what is left). */
const historyArb = fc.record({
  events: fc.array(eventArb, { minLength: 1, maxLength: 25 }),
  cuts: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 25 }),
});

const dayRows = () => db('daily_aggregates').orderBy(['user_id', 'date']).select();

/** Every day row as summing its trades from nothing writes it (replacing the rows the projection left). */
async function daysSummedFromNothing() {
  await db.transaction(async (trx) => {
    const days = await trx('daily_aggregate_trades')
      .distinct('user_id')
      .select(trx.raw(`to_char(date, 'YYYY-MM-DD') as date`));
    await trx('daily_aggregates').delete();
    await recomputeDays(trx, days);
  });
  return dayRows();
}

describe('daily aggregates: adding to a day equals summing it again', () => {
  it('given any history cut into any batches, when applied, then each day row is the sum of its trades from nothing', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async ({ events, cuts }) => {
        const recorded = recordedTradeEvents(events, new Date(AT));
        await db.transaction((trx) => dailyAggregatesProjection.reset(trx));
        let start = 0;
        for (const size of [...cuts, recorded.length]) {
          if (start >= recorded.length) break;
          const batch = recorded.slice(start, start + size);
          start += size;
          await db.transaction(
            (trx) => dailyAggregatesProjection.applyBatch?.(batch, trx) ?? Promise.resolve(),
          );
        }
        const projected = await dayRows();
        expect(projected).toEqual(await daysSummedFromNothing());
      }),
      { numRuns: 60 },
    );
  });

  it('given a day with trades, when another trade of it is logged, then its sums grow and keep their scale', async () => {
    await db.transaction((trx) => dailyAggregatesProjection.reset(trx));
    const history = recordedTradeEvents(
      [
        loggedEvent({ tradeId: TRADES[0], rMultiple: '1.0000', pnlIls: '10.00', screenshotUrl: '/s/a' }),
        loggedEvent({
          tradeId: TRADES[1],
          rMultiple: '-0.5',
          pnlUsd: '-0.70',
          pnlIls: '-2.5',
          trustScore: 40,
        }),
      ],
      new Date(AT),
    );
    for (const event of history)
      await db.transaction(
        (trx) => dailyAggregatesProjection.applyBatch?.([event], trx) ?? Promise.resolve(),
      );
    const [day] = await dayRows();
    expect(day).toMatchObject({
      total_trades: 2,
      winning_trades: 1,
      net_r: '0.5000',
      net_pnl_ils: '7.50',
      all_have_screenshots: false,
      has_low_trust: true,
    });
  });
});
