import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { DomainError } from '../domain-error';
import type { YomanModule } from '../module';
import { resetDatabase } from '../testing/reset-database';
import { createTestClock } from '../testing/test-clock';
import { createTestPlatform } from '../testing/test-platform';
import { commandHandler } from './command';
import { handleCommand } from './command-handler';
import type { RecordedEvent } from './types';

type Counter = { status: 'empty' } | { status: 'counting'; value: number };
type CounterEvent = { type: 'counter.incremented.v1'; data: { by: number } };

const evolve = (state: Counter, event: RecordedEvent): Counter => {
  const { by } = event.data as { by: number };
  return { status: 'counting', value: (state.status === 'counting' ? state.value : 0) + by };
};

const increment =
  (by: number, limit = 10) =>
  (state: Counter): CounterEvent[] => {
    const value = state.status === 'counting' ? state.value : 0;
    if (value + by > limit) throw DomainError.ruleBroken('COUNTER_LIMIT', 'המונה מלא');
    return by === 0 ? [] : [{ type: 'counter.incremented.v1', data: { by } }];
  };

const countersModule: YomanModule = {
  name: 'counters',
  migrations: [
    {
      name: '0001-counters-totals',
      up: (db) =>
        db.schema.createTable('counter_totals', (table) => {
          table.text('counter_id').primary();
          table.integer('total').notNullable();
        }),
    },
  ],
  projections: [
    {
      name: 'counter-totals',
      handles: ['counter.incremented.v1'],
      async apply(event, trx) {
        const { by } = event.data as { by: number };
        await trx('counter_totals')
          .insert({ counter_id: event.streamId, total: by })
          .onConflict('counter_id')
          .merge({ total: trx.raw('counter_totals.total + ?', [by]) });
      },
      async reset(trx) {
        await trx('counter_totals').delete();
      },
    },
  ],
};

const clock = createTestClock();
let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([countersModule], { clock });
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const count = (by: number, metadata = {}) =>
  handleCommand(running.platform, {
    streamId: 'counter-1',
    streamType: 'counter',
    initialState: (): Counter => ({ status: 'empty' }),
    evolve,
    decide: increment(by),
    metadata,
  });

describe('handleCommand', () => {
  it('folds the stream, appends the decision and answers once the read model shows it', async () => {
    await count(2);
    const result = await count(3, { userId: 'u1', correlationId: 'c1' });
    expect(result.state).toEqual({ status: 'counting', value: 5 });
    expect(result).toMatchObject({ nextVersion: 2, lastPosition: 2 });
    expect(result.events).toMatchObject([
      { position: 2, version: 2, streamId: 'counter-1', metadata: { userId: 'u1', correlationId: 'c1' } },
    ]);
    // No catch-up call here: the command itself waited for the read model.
    expect(await running.platform.db('counter_totals').select()).toEqual([
      { counter_id: 'counter-1', total: 5 },
    ]);
    const stored = await running.platform.eventStore.readStream('counter-1');
    expect(stored.map((event) => event.metadata)).toEqual([{}, { userId: 'u1', correlationId: 'c1' }]);
  });

  it('answers 409 to the second of two commands that read the same version', async () => {
    // Both commands must read before either appends; on a connection pool the second could otherwise read late.
    const { eventStore } = running.platform;
    let reads = 0;
    let bothRead = () => {};
    const bothHaveRead = new Promise<void>((resolve) => {
      bothRead = resolve;
    });
    const readingTogether = {
      ...running.platform,
      eventStore: {
        ...eventStore,
        async readStream(streamId: string) {
          const events = await eventStore.readStream(streamId);
          reads += 1;
          if (reads === 2) bothRead();
          await bothHaveRead;
          return events;
        },
      },
    };
    const countTogether = () =>
      handleCommand(readingTogether, {
        streamId: 'counter-1',
        streamType: 'counter',
        initialState: (): Counter => ({ status: 'empty' }),
        evolve,
        decide: increment(1),
      });
    const outcomes = await Promise.allSettled([countTogether(), countTogether()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ statusCode: 409, code: 'CONCURRENCY_CONFLICT' });
    expect(await running.platform.eventStore.readStream('counter-1')).toHaveLength(1);
  });

  it('reads no history for a stream the caller has just named, and refuses with 409 if it exists', async () => {
    const { db } = running.platform;
    const startNew = () =>
      handleCommand(running.platform, {
        streamId: 'counter-new',
        streamType: 'counter',
        initialState: (): Counter => ({ status: 'empty' }),
        evolve,
        decide: increment(4),
        newStream: true,
      });
    const reads: string[] = [];
    const onQuery = (query: { sql: string }) => {
      if (/order by "version"/.test(query.sql)) reads.push(query.sql);
    };
    db.on('query', onQuery);
    try {
      const started = await startNew();
      expect(started.state).toEqual({ status: 'counting', value: 4 });
      expect(started.nextVersion).toBe(1);
    } finally {
      db.off('query', onQuery);
    }
    expect(reads).toEqual([]);
    await expect(startNew()).rejects.toMatchObject({ statusCode: 409 });
    expect(await db('counter_totals').where({ counter_id: 'counter-new' }).first()).toEqual({
      counter_id: 'counter-new',
      total: 4,
    });
  });

  it('appends nothing when the decision is empty, and lets a refusal through as the DomainError it is', async () => {
    await count(4);
    expect(await count(0)).toMatchObject({ events: [], nextVersion: 1, lastPosition: 0 });
    const refusal = count(7);
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({ kind: 'rule_broken', code: 'COUNTER_LIMIT' });
    expect(await running.platform.eventStore.headPosition()).toBe(1);
  });
});

describe('commandHandler', () => {
  type Increment = { type: 'Increment'; data: { by: number }; metadata: { now: Date } };
  const handleCounter = commandHandler('counter', parseIncrement, {
    decide: (command: Increment, state: Counter) => increment(command.data.by)(state),
    evolve: (state: Counter, event: CounterEvent) => evolve(state, event as RecordedEvent),
    initialState: (): Counter => ({ status: 'empty' }),
  });

  it('runs a decider on its stream and skips stored events its module cannot read', async () => {
    await count(2);
    await running.platform.eventStore.append('counter-1', 'counter', 1, [
      { type: 'counter.incremented.v1', data: { by: 'lots' } },
    ]);
    const now = clock.now();
    const result = await handleCounter(running.platform, 'counter-1', {
      type: 'Increment',
      data: { by: 3 },
      metadata: { now },
    });
    expect(result.state).toEqual({ status: 'counting', value: 5 });
    expect(result.nextVersion).toBe(3);
  });

  it('appends nothing when the decider decides an event its own parser would not read back', async () => {
    const handleBroken = commandHandler('counter', parseIncrement, {
      decide: (): CounterEvent[] => [
        { type: 'counter.incremented.v1', data: { by: 'lots' as unknown as number } },
      ],
      evolve: (state: Counter) => state,
      initialState: (): Counter => ({ status: 'empty' }),
    });
    const command = { type: 'Increment', data: {}, metadata: { now: clock.now() } };
    await expect(handleBroken(running.platform, 'counter-9', command)).rejects.toThrow(/schema refuses/);
    expect(await running.platform.eventStore.headPosition()).toBe(0);
  });

  it('refuses text the events table cannot store with a 400 naming the field, appending nothing', async () => {
    for (const note of ['a\u0000b', 'a\ud800b', '\udfff']) {
      const append = running.platform.eventStore.append('counter-1', 'counter', 'any', [
        { type: 'counter.noted.v1', data: { by: 1, detail: { note } } },
      ]);
      await expect(append).rejects.toMatchObject({
        kind: 'invalid_input',
        code: 'INVALID_CHARACTERS',
        field: 'note',
      });
    }
    expect(await running.platform.eventStore.headPosition()).toBe(0);
  });
});

function parseIncrement(stored: RecordedEvent): CounterEvent | undefined {
  const { by } = stored.data as { by?: unknown };
  return typeof by === 'number' ? { type: 'counter.incremented.v1', data: { by } } : undefined;
}
