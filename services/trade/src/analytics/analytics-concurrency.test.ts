import type { TradeEvent } from '@yoman/contracts';
import { createDatabase, ensureSchema } from '@yoman/platform';
import { needsInfra, testConfig } from '@yoman/platform/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { figures, loggedEvent, recordedTradeEvents } from '../trades/trade-fixtures';
import { ANALYTICS_TABLES, analyticsProjection } from './analytics-projection';

// In distributed mode a user's trades are different streams on different Kafka partitions, so two projector
// transactions may change the same user's rows at once. The projection adds to the rows it read, under a
// per-user lock: whatever the interleaving, the rows must be a rebuild's.

const onPostgres = needsInfra('YOMAN_TEST_DATABASE_URL');

const USERS = ['user-1', 'user-2'];
const TRADES = [1, 2, 3, 4].map((n) => n);
const tradeIdOf = (user: number, trade: number) => `00000000-0000-4000-8000-0000000${user}000${trade}`;
const EXITS = [
  '2026-02-01T07:15:00.000Z',
  '2026-02-01T09:00:00.000Z',
  '2026-02-01T12:00:00.000Z',
  '2026-02-01T16:30:00.000Z',
  '2026-03-15T10:00:00.000Z',
];
const RS = [null, '1', '-2.25', '0.1', '0.2'];

const figuresArb = fc.record({ exitTime: fc.constantFrom(...EXITS), rMultiple: fc.constantFrom(...RS) });

function figuresOf({ exitTime, rMultiple }: { exitTime: string; rMultiple: string | null }) {
  return {
    exitTime,
    entryTime: new Date(Date.parse(exitTime) - 45 * 60_000).toISOString(),
    rMultiple,
    pnlUsd: rMultiple === null ? '-10.00' : (Number(rMultiple) * 100).toFixed(2),
  };
}

const eventArb: fc.Arbitrary<TradeEvent> = fc
  .record({
    kind: fc.constantFrom('log', 'log', 'edit', 'delete'),
    user: fc.nat(USERS.length - 1),
    trade: fc.constantFrom(...TRADES),
    figures: figuresArb,
  })
  .map(({ kind, user, trade, figures: choice }): TradeEvent => {
    const ids = { tradeId: tradeIdOf(user, trade), userId: USERS[user] };
    if (kind === 'log') return loggedEvent({ ...ids, ...figuresOf(choice) });
    if (kind === 'delete') return { type: 'trade.deleted.v1', data: { ...ids, deletedAt: choice.exitTime } };
    return {
      type: 'trade.edited.v1',
      data: {
        ...figures,
        ...figuresOf(choice),
        ...ids,
        changedFields: ['exitTime'],
        material: true,
        editedAt: choice.exitTime,
      },
    };
  });

const recordedOf = (events: readonly TradeEvent[]) => recordedTradeEvents(events, new Date(EXITS[0]));

onPostgres.describe('the analytics projection on PostgreSQL', () => {
  const config = testConfig();
  const db = createDatabase(config);

  beforeAll(async () => {
    await ensureSchema(db, config.databaseSchema);
    for (const migration of tradeMigrations) await migration.up(db);
  });
  afterAll(async () => {
    await db.raw('drop schema if exists ?? cascade', [config.databaseSchema as string]);
    await db.destroy();
  });

  async function snapshot() {
    const rows: Record<string, string[]> = {};
    for (const table of ANALYTICS_TABLES)
      rows[table] = (await db(table).select('*')).map((row) => JSON.stringify(row)).sort();
    return rows;
  }

  const reset = () => db.transaction((trx) => analyticsProjection.reset(trx));

  it('leaves a rebuild’s rows when two projectors apply one user’s trades at once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 2, maxLength: 24, size: 'max' }), async (events) => {
        const recorded = recordedOf(events);
        await reset();
        // Two partitions, each trade's events in one of them and in order, each event its own transaction.
        const partitions = [0, 1].map((partition) =>
          recorded.filter((_, index) => Number(events[index].data.tradeId.at(-1)) % 2 === partition),
        );
        await Promise.all(
          partitions.map(async (partition) => {
            for (const event of partition)
              await db.transaction((trx) => analyticsProjection.apply(event, trx));
          }),
        );
        const concurrent = await snapshot();
        await reset();
        await db.transaction(async (trx) => {
          await analyticsProjection.applyBatch?.(recorded, trx);
        });
        expect(await snapshot()).toEqual(concurrent);
      }),
      { numRuns: 25 },
    );
  });
});
