import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, ensureSchema } from '../db/database';
import { runMigrations } from '../db/migrations';
import { partitionOf } from '../event-bus/topics';
import type { EventBatch, EventBus, EventBusHandler } from '../event-bus/types';
import { createEventStore } from '../event-store/postgres-event-store';
import type { RecordedEvent } from '../event-store/types';
import type { YomanModule } from '../module';
import { platformModule } from '../platform-module';
import { testConfig } from '../testing/test-config';
import { createKafkaProjectionRunner } from './kafka-projection-runner';
import type { Projection } from './types';

// The runner on a fake bus: batches are handed in by the test exactly as Kafka would hand them over,
// including the redeliveries Kafka makes after a crash or a rebalance.

const LAYOUT = { topicPrefix: 'k.', partitions: 3 };
const logger = pino({ level: 'silent' });

/** Sums amounts per account: not idempotent by itself, so a twice-applied event shows. */
const balances: Projection = {
  name: 'balances',
  handles: ['ledger.credited.v1'],
  async apply(event, trx) {
    const { account, amount } = event.data as { account: string; amount: number };
    await trx('balances')
      .insert({ account, amount })
      .onConflict('account')
      .merge({ amount: trx.raw('balances.amount + ?', [amount]) });
  },
  async reset(trx) {
    await trx('balances').delete();
  },
};

const ledgerModule: YomanModule = {
  name: 'ledger',
  migrations: [
    {
      name: '0001-ledger-balances',
      up: (db) =>
        db.schema.createTable('balances', (table) => {
          table.text('account').primary();
          table.integer('amount').notNullable();
        }),
    },
  ],
  projections: [balances],
};

/** A bus whose one subscriber the test drives by hand. */
function handDrivenBus() {
  let handler: EventBusHandler | undefined;
  const bus: EventBus = {
    publish: async () => {},
    subscribe: (_subscription, each) => {
      handler = each;
    },
    start: async () => {},
    stop: async () => {},
    memberships: () => [],
  };
  const deliver = (batch: EventBatch) => {
    if (!handler) throw new Error('nobody subscribed');
    return handler(batch);
  };
  return { bus, deliver };
}

const config = testConfig();
const db = createDatabase(config);
const store = createEventStore(db, { clock: { now: () => new Date('2026-03-01T10:00:00Z') } });
const { bus, deliver } = handDrivenBus();
const runner = createKafkaProjectionRunner({
  ...LAYOUT,
  db,
  projections: [balances],
  logger,
  consumer: { bus, group: 'k.projector.ledger' },
});

beforeAll(async () => {
  await ensureSchema(db, config.databaseSchema);
  await runMigrations(db, [platformModule, ledgerModule]);
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  if (config.databaseSchema) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
  await db.destroy();
});
beforeEach(async () => {
  await db.raw('truncate table events, balances, projection_partition_checkpoints restart identity');
});

/** Appends one credit and answers it as recorded, with the batch Kafka would carry it in. */
async function credit(account: string, amount: number): Promise<RecordedEvent> {
  const { lastPosition } = await store.append(`account-${account}`, 'account', 'any', [
    { type: 'ledger.credited.v1', data: { account, amount } },
  ]);
  const [recorded] = await store.readAll({ after: lastPosition - 1, limit: 1 });
  return recorded as RecordedEvent;
}

const batchOf = (events: RecordedEvent[]): EventBatch => ({
  topic: 'k.ledger',
  partition: partitionOf(events[0]?.streamId ?? '', LAYOUT.partitions),
  events,
});

/** One account whose stream lands on each partition. */
function accountsOnEveryPartition(): string[] {
  const byPartition = new Map<number, string>();
  for (let n = 0; byPartition.size < LAYOUT.partitions; n += 1) {
    const account = `acc${n}`;
    const partition = partitionOf(`account-${account}`, LAYOUT.partitions);
    if (!byPartition.has(partition)) byPartition.set(partition, account);
  }
  return [...byPartition.values()];
}

const balanceOf = async (account: string) =>
  Number((await db('balances').where({ account }).first('amount'))?.amount ?? 0);

describe('the Kafka projection runner', () => {
  it('given a batch, when it is delivered twice, then its events are applied once', async () => {
    const first = await credit('dana', 5);
    const second = await credit('dana', 7);
    await deliver(batchOf([first, second]));
    await deliver(batchOf([first, second]));
    await deliver(batchOf([second]));
    expect(await balanceOf('dana')).toBe(12);
  });

  it('given a redelivery that overlaps new events, then only the new ones are applied', async () => {
    const events = [await credit('noa', 1), await credit('noa', 2), await credit('noa', 4)];
    await deliver(batchOf(events.slice(0, 2)));
    await deliver(batchOf(events));
    expect(await balanceOf('noa')).toBe(7);
  });

  it('given batches of several partitions handed over together, then one transaction applies them all', async () => {
    const accounts = accountsOnEveryPartition();
    const batches = [];
    for (const account of accounts)
      batches.push(batchOf([await credit(account, 2), await credit(account, 3)]));
    await Promise.all(batches.map((batch) => deliver(batch)));
    for (const account of accounts) expect(await balanceOf(account)).toBe(5);
    // Rows written by one transaction carry its id as their xmin.
    const writers = await db('balances')
      .whereIn('account', accounts)
      .distinct(db.raw('xmin::text as writer'));
    expect(writers).toHaveLength(1);
    await Promise.all(batches.map((batch) => deliver(batch)));
    for (const account of accounts) expect(await balanceOf(account)).toBe(5);
  });

  it('answers waitFor once the partition of the append is applied, and 503 when it never is', async () => {
    const event = await credit('omer', 3);
    const waiting = runner.waitFor(event.position, 2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await deliver(batchOf([event]));
    await expect(waiting).resolves.toBeUndefined();
    const lost = await credit('omer', 1);
    await expect(runner.waitFor(lost.position, 100)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('holds batches while stopped and applies them after start', async () => {
    const event = await credit('lior', 9);
    await runner.stop();
    const delivering = deliver(batchOf([event]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await balanceOf('lior')).toBe(0);
    await runner.start();
    await delivering;
    expect(await balanceOf('lior')).toBe(9);
  });

  it('rebuilds from the event store and then skips what the rebuild covered', async () => {
    const events = [await credit('yael', 2), await credit('gal', 3), await credit('yael', 4)];
    const [report] = await runner.replay('balances');
    expect(report).toEqual({ projection: 'balances', events: 3, failures: 0 });
    for (const event of events) await deliver(batchOf([event]));
    expect(await balanceOf('yael')).toBe(6);
    expect(await balanceOf('gal')).toBe(3);
    await runner.catchUp();
  });
});
