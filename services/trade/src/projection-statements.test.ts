import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsProjection } from './analytics/analytics-projection';
import { dailyAggregatesProjection } from './daily-aggregates/daily-aggregates-projection';
import { tradeMigrations } from './migrations';
import { loggedEvent, recordedTradeEvents } from './trades/trade-fixtures';

// On PostgreSQL these projections' statements run as named prepared statements (`prepared`), which a
// connection keeps for its life: their texts must not depend on how many trades, owners or days a batch has.

let db: Knex;
beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());

const tradeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A batch of new trades: `count` of them, spread over `owners` owners and `days` days. */
function newTrades(first: number, count: number, owners: number, days: number) {
  const events = Array.from({ length: count }, (_, index) => {
    const exit = new Date(Date.UTC(2026, 2, 2 + (index % days), 9, index));
    return loggedEvent({
      tradeId: tradeId(first + index),
      userId: `owner-${index % owners}`,
      entryTime: new Date(exit.getTime() - 3_600_000).toISOString(),
      exitTime: exit.toISOString(),
    });
  });
  return recordedTradeEvents(events, new Date('2026-03-20T10:00:00Z'));
}

/** The statements the two projections run for a batch. */
async function statementsOf(batch: ReturnType<typeof newTrades>) {
  const seen: string[] = [];
  const onQuery = (query: { sql: string }) => seen.push(query.sql);
  db.on('query', onQuery);
  try {
    await db.transaction(async (trx) => {
      await dailyAggregatesProjection.applyBatch?.(batch, trx);
      await analyticsProjection.applyBatch?.(batch, trx);
    });
  } finally {
    db.off('query', onQuery);
  }
  return seen.filter((sql) => !/^(BEGIN|COMMIT)/.test(sql));
}

describe('the statements the trade projections prepare on PostgreSQL', () => {
  it('given batches of one trade and of many trades, owners and days, then they run the same statement texts', async () => {
    const one = await statementsOf(newTrades(1, 1, 1, 1));
    const many = await statementsOf(newTrades(100, 12, 3, 4));
    const more = await statementsOf(newTrades(200, 40, 7, 9));
    expect(one.length).toBeGreaterThan(0);
    expect(many).toEqual(one);
    expect(more).toEqual(one);
  });
});
