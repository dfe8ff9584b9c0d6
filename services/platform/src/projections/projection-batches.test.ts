import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import type { RecordedEvent } from '../event-store/types';
import type { YomanModule } from '../module';
import { resetDatabase } from '../testing/reset-database';
import { testConfig } from '../testing/test-config';
import { createTestPlatform } from '../testing/test-platform';
import { createProjectionRunner } from './projection-runner';
import type { Projection } from './types';

// How the runner uses a projection's `applyBatch`: the whole batch in one go when it succeeds, and event by
// event (with `apply`) only to isolate an event that fails, which is recorded and skipped.

const calls: string[] = [];

function authorOf(event: RecordedEvent): string {
  const { author } = event.data as { author: string };
  if (author === 'explode') throw new Error('cannot read this note');
  return author;
}

const batchedNotes: Projection = {
  name: 'batched-notes',
  handles: ['note.written.v1'],
  async apply(event, trx) {
    calls.push(`apply ${event.position}`);
    await trx('batched_notes').insert({ position: event.position, author: authorOf(event) });
  },
  async applyBatch(events, trx) {
    calls.push(`batch ${events.map((event) => event.position).join(',')}`);
    const rows = events.map((event) => ({ position: event.position, author: authorOf(event) }));
    await trx('batched_notes').insert(rows);
  },
  async reset(trx) {
    await trx('batched_notes').delete();
  },
};

const notesModule: YomanModule = {
  name: 'batched-notes',
  migrations: [
    {
      name: '0001-batched-notes',
      async up(db) {
        await db.schema.createTable('batched_notes', (table) => {
          table.bigInteger('position').primary();
          table.text('author').notNullable();
        });
        await db.schema.createTable('note_copies', (table) => {
          table.text('projection').notNullable();
          table.bigInteger('position').notNullable();
          table.primary(['projection', 'position']);
        });
      },
    },
  ],
  projections: [batchedNotes],
};

/** Copies each note's position; a second delivery of an event would break the primary key. */
const noteCopies = (name: string): Projection => ({
  name,
  handles: ['note.written.v1'],
  async apply(event, trx) {
    await trx('note_copies').insert({ projection: name, position: event.position });
  },
  async applyBatch(events, trx) {
    await trx('note_copies').insert(events.map((event) => ({ projection: name, position: event.position })));
  },
  async reset(trx) {
    await trx('note_copies').where({ projection: name }).delete();
  },
});

const written = (author: string) => ({ type: 'note.written.v1', data: { author } });
let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([notesModule], {});
});
afterAll(() => running.close());
beforeEach(async () => {
  await resetDatabase(running.platform);
  calls.length = 0;
});

/**
 * Appends in a transaction of the test's own: the runner, not the append, then delivers the events (embedded
 * mode applies a group's events in its own transaction, see inline-delivery.test.ts).
 */
const appendForTheRunner = (streamId: string, events: ReturnType<typeof written>[]) =>
  running.platform.db.transaction((trx) =>
    running.platform.eventStore.append(streamId, 'note', 'no_stream', events, trx),
  );

const notes = async () =>
  (await running.platform.db('batched_notes').orderBy('position').select('position', 'author')).map(
    (row) => `${row.position} ${row.author}`,
  );

describe('batches in the projection runner', () => {
  it('applies a clean batch with one applyBatch call and no event-by-event pass', async () => {
    const { eventStore, projections } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('avi'), written('noa')]);
    await projections.catchUp();
    expect(calls).toEqual(['batch 1,2,3']);
    expect(await notes()).toEqual(['1 dana', '2 avi', '3 noa']);
  });

  it('applies a clean batch without a savepoint per projection', async () => {
    const { db, projections } = running.platform;
    await appendForTheRunner('note-1', [written('dana'), written('avi')]);
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    db.on('query', record);
    try {
      await projections.catchUp();
    } finally {
      db.off('query', record);
    }
    expect(await notes()).toEqual(['1 dana', '2 avi']);
    expect(statements.some((sql) => /insert into "batched_notes"/i.test(sql))).toBe(true);
    expect(statements.filter((sql) => /savepoint/i.test(sql))).toEqual([]);
  });

  it('records and skips a failing event of a batch and keeps every other event of it', async () => {
    const { db, eventStore, projections } = running.platform;
    await appendForTheRunner('note-1', [written('dana'), written('explode'), written('avi')]);
    await projections.catchUp();
    // Straight in the delivery's transaction (which it aborts), again in a savepoint, then event by event.
    expect(calls).toEqual(['batch 1,2,3', 'batch 1,2,3', 'apply 1', 'apply 2', 'apply 3']);
    expect(await notes()).toEqual(['1 dana', '3 avi']);
    expect(await db('projection_failures').select('projection', 'position', 'error')).toEqual([
      { projection: 'batched-notes', position: 2, error: 'cannot read this note' },
    ]);
    // On Kafka (YOMAN_TEST_KAFKA_BROKERS) the checkpoint is kept per partition; one stream is on one.
    const checkpoints = testConfig().kafkaBrokers
      ? db('projection_partition_checkpoints').where({ projection: 'batched-notes' }).max({ p: 'position' })
      : db('projection_checkpoints').where({ name: 'batched-notes' }).select({ p: 'position' });
    expect((await checkpoints).map((row) => Number(row.p))).toEqual([3]);

    await eventStore.append('note-2', 'note', 'no_stream', [written('noa')]);
    await projections.catchUp();
    expect(calls.slice(5)).toEqual(['batch 4']);
    const live = await notes();
    expect(live).toEqual(['1 dana', '3 avi', '4 noa']);

    expect(await running.projections.replay()).toEqual([
      { projection: 'batched-notes', events: 4, failures: 1 },
    ]);
    expect(await notes()).toEqual(live);
    await projections.rebuild();
    expect(await notes()).toEqual(live);
    expect(await db('projection_failures').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('reads in batches and windows, and gives a late projection everything while one ahead gets only what is new', async () => {
    const { db, eventStore, logger } = running.platform;
    const [early, late] = [noteCopies('early-copies'), noteCopies('late-copies')];
    const copies = async (name: string) =>
      (await db('note_copies').where({ projection: name }).orderBy('position').pluck('position')).map(Number);
    await eventStore.append('note-1', 'note', 'no_stream', ['a', 'b', 'c', 'd', 'e'].map(written));
    await eventStore.append('other-1', 'other', 'no_stream', [{ type: 'other.happened.v1', data: {} }]);
    await createProjectionRunner(db, [early], { logger, batchSize: 2 }).catchUp();
    expect(await copies('early-copies')).toEqual([1, 2, 3, 4, 5]);

    await eventStore.append('note-2', 'note', 'no_stream', [written('f'), written('g')]);
    await createProjectionRunner(db, [early, late], { logger, batchSize: 2 }).catchUp();
    expect(await copies('early-copies')).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(await copies('late-copies')).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(await db('projection_failures').count({ n: '*' })).toEqual([{ n: 0 }]);
    const checkpoints = await db('projection_checkpoints')
      .whereIn('name', ['early-copies', 'late-copies'])
      .pluck('position');
    expect(checkpoints).toEqual([8, 8]);
  });
});
