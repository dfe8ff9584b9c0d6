import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { resetDatabase } from '../testing/reset-database';
import { testConfig } from '../testing/test-config';
import { createTestPlatform } from '../testing/test-platform';
import { notesModule, written } from './notes-fixture';

// With YOMAN_TEST_KAFKA_BROKERS the same platform delivers through Kafka, keeping checkpoints per partition.
const onKafka = Boolean(testConfig().kafkaBrokers);

/** Each projection's checkpoint: the embedded runner's, or the furthest of its Kafka partitions. */
async function checkpointsByName() {
  if (!onKafka) {
    return running.platform.db('projection_checkpoints').orderBy('name').select('name', 'position');
  }
  const rows: { name: string; position: number }[] = await running.platform
    .db('projection_partition_checkpoints')
    .groupBy('projection')
    .orderBy('projection')
    .select({ name: 'projection' })
    .max({ position: 'position' });
  return rows.map((row) => ({ name: row.name, position: Number(row.position) }));
}

let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([notesModule], {});
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const readModel = () => running.platform.db('notes_per_author').orderBy('author').select();
const delivered = async () =>
  (await running.platform.db('delivered_log').orderBy('id').select('position')).map((row) =>
    Number(row.position),
  );

describe('the projection runner', () => {
  it('delivers committed events and answers waitFor once every read model includes them', async () => {
    const { eventStore, projections } = running.platform;
    const first = await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('dana')]);
    const { lastPosition } = await eventStore.append('note-2', 'note', 'no_stream', [written('avi')]);
    // Each append is waited for: on Kafka the two streams may travel on different partitions.
    await projections.waitFor(first.lastPosition);
    await projections.waitFor(lastPosition);
    expect(await readModel()).toEqual([
      { author: 'avi', notes: 1, last_position: 3 },
      { author: 'dana', notes: 2, last_position: 2 },
    ]);
    expect(await checkpointsByName()).toEqual([
      { name: 'delivered-log', position: 3 },
      { name: 'notes-per-author', position: 3 },
    ]);
  });

  it('changes nothing when the same events are delivered again', async () => {
    const { eventStore, projections } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('avi')]);
    await projections.catchUp();
    const before = await readModel();
    await projections.catchUp();
    await projections.catchUp();
    expect(await readModel()).toEqual(before);
    expect(await delivered()).toEqual([1, 2]);
  });

  it('rebuilds a read model equal to the live one, twice over', async () => {
    const { eventStore, projections } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('avi')]);
    await eventStore.append('note-1', 'note', 2, [{ type: 'note.deleted.v1', data: { author: 'avi' } }]);
    await eventStore.append('note-2', 'note', 'no_stream', [written('dana')]);
    await projections.catchUp();
    const live = await readModel();
    const liveLog = await delivered();
    await projections.rebuild();
    expect(await readModel()).toEqual(live);
    await projections.rebuild('notes-per-author');
    expect(await readModel()).toEqual(live);
    // The rebuild delivered the same events, in position order. Live, Kafka keeps order only within a stream:
    // note-2's event (4) may come before or after note-1's (1, 2), which keep theirs.
    expect(await delivered()).toEqual([1, 2, 4]);
    expect([...liveLog].sort((a, b) => a - b)).toEqual([1, 2, 4]);
    expect(liveLog.filter((position) => position !== 4)).toEqual([1, 2]);
    if (!onKafka) expect(liveLog).toEqual([1, 2, 4]);
    expect(live).toEqual([
      { author: 'avi', notes: 0, last_position: 3 },
      { author: 'dana', notes: 2, last_position: 4 },
    ]);
  });

  it('leaves the rebuilt read models analysed, so the planner knows their rows (PGlite has no autovacuum)', async () => {
    const { db, eventStore } = running.platform;
    const authors = Array.from({ length: 40 }, (_, index) => written(`author-${index}`));
    await eventStore.append('note-1', 'note', 'no_stream', authors);
    await running.projections.replay();
    // reltuples is -1 for a table never analysed, and the rows ANALYZE counted once it has been.
    const estimate = async (table: string) =>
      Number(
        (
          await db('pg_class')
            .where({ relname: table, relnamespace: db.raw('current_schema()::regnamespace') })
            .first('reltuples')
        )?.reltuples,
      );
    expect(await estimate('notes_per_author')).toBe(40);
    expect(await estimate('delivered_log')).toBe(40);
  });

  it('reports what a replay delivered and refuses an unknown projection', async () => {
    const { eventStore } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('explode')]);
    expect(await running.projections.replay()).toEqual([
      { projection: 'notes-per-author', events: 2, failures: 1 },
      { projection: 'delivered-log', events: 2, failures: 0 },
    ]);
    await expect(running.projections.rebuild('nope')).rejects.toThrow(/No projection named nope/);
  });

  it('records an event a projection throws on, with its position, and goes on', async () => {
    const { db, eventStore, projections } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [
      written('dana'),
      written('explode'),
      written('avi'),
    ]);
    await projections.waitFor(3);
    expect((await readModel()).map((row) => row.author)).toEqual(['avi', 'dana']);
    const failures = await db('projection_failures').select('projection', 'position', 'event_type', 'error');
    expect(failures).toEqual([
      {
        projection: 'notes-per-author',
        position: 2,
        event_type: 'note.written.v1',
        error: 'cannot read this note',
      },
    ]);
    await projections.rebuild();
    expect(await db('projection_failures').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  // On Kafka an event of a module nobody reads goes to a topic no projector consumes: nothing to move.
  it.skipIf(onKafka)('moves the checkpoint past events a projection does not handle', async () => {
    const { eventStore, projections, db } = running.platform;
    await eventStore.append('other-1', 'other', 'no_stream', [{ type: 'other.happened.v1', data: {} }]);
    await projections.waitFor(1);
    const positions = await db('projection_checkpoints').pluck('position');
    expect(positions).toEqual([1, 1]);
  });

  it('never skips an event that commits after a later position is written', async () => {
    const { db, eventStore, projections } = running.platform;
    // The first writer allocates position 1 and keeps its transaction open.
    const slow = await db.transaction();
    await eventStore.append('note-slow', 'note', 'no_stream', [written('slow')], slow);
    // A second writer and a catch-up start meanwhile. Without the append lock, on Postgres the second writer
    // would commit position 2 first and the catch-up would move the checkpoint past position 1 for good.
    const fast = eventStore.append('note-fast', 'note', 'no_stream', [written('fast')]);
    const earlyCatchUp = projections.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await slow.commit();
    await Promise.all([fast, earlyCatchUp]);
    await projections.waitFor(2);
    // On Kafka both streams are on partition 0 of the tests' 3, so they arrive in position order too.
    expect(await delivered()).toEqual([1, 2]);
    expect((await readModel()).map((row) => row.author)).toEqual(['fast', 'slow']);
  });

  it.skipIf(onKafka)('answers a wait it has already met without a query', async () => {
    const { db, eventStore, projections } = running.platform;
    const { lastPosition } = await eventStore.append('note-1', 'note', 'no_stream', [written('dana')]);
    await projections.waitFor(lastPosition);
    const queries: string[] = [];
    const count = (query: { sql: string }) => queries.push(query.sql);
    db.on('query', count);
    try {
      await projections.waitFor(lastPosition);
      await projections.waitFor(lastPosition - 1);
    } finally {
      db.off('query', count);
    }
    expect(queries).toEqual([]);
  });

  it.skipIf(onKafka)('delivers an append once: its wait joins the catch-up the commit woke', async () => {
    const { db, eventStore, projections } = running.platform;
    const deliveries: string[] = [];
    const count = (query: { sql: string }) => {
      if (/from "projection_checkpoints".*for update/.test(query.sql)) deliveries.push(query.sql);
    };
    db.on('query', count);
    try {
      const { lastPosition } = await eventStore.append('note-1', 'note', 'no_stream', [written('dana')]);
      await projections.waitFor(lastPosition);
    } finally {
      db.off('query', count);
    }
    expect((await readModel()).map((row) => row.author)).toEqual(['dana']);
    expect(deliveries).toHaveLength(1);
  });

  it.skipIf(onKafka)(
    'lets writers that arrive while one waits append first, and delivers them together',
    async () => {
      const { db, eventStore, projections } = running.platform;
      const deliveries: string[] = [];
      const count = (query: { sql: string }) => {
        if (/from "projection_checkpoints".*for update/.test(query.sql)) deliveries.push(query.sql);
      };
      // As requests do: each writer starts in a turn of the event loop of its own. PGlite answers without
      // leaving the turn, so a writer's append and wait would otherwise run to the end before the next starts.
      const writer = (index: number) =>
        new Promise<void>((resolve, reject) =>
          setImmediate(() =>
            eventStore
              .append(`note-${index}`, 'note', 'no_stream', [written(`author-${index}`)])
              .then(({ lastPosition }) => projections.waitFor(lastPosition))
              .then(resolve, reject),
          ),
        );
      db.on('query', count);
      try {
        await Promise.all(Array.from({ length: 10 }, (_, index) => writer(index)));
      } finally {
        db.off('query', count);
      }
      expect(await readModel()).toHaveLength(10);
      expect(await delivered()).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
      expect(deliveries.length).toBeLessThanOrEqual(2);
    },
  );

  it.skipIf(onKafka)('waits for a rebuild to deliver again what it had delivered before', async () => {
    const { db, eventStore, projections } = running.platform;
    const { lastPosition } = await eventStore.append('note-1', 'note', 'no_stream', [
      written('dana'),
      written('avi'),
    ]);
    await projections.waitFor(lastPosition);
    const resetting = new Promise<void>((resolve) => {
      const onQuery = (query: { sql: string }) => {
        if (!query.sql.startsWith('delete from "notes_per_author"')) return;
        db.off('query', onQuery);
        resolve();
      };
      db.on('query', onQuery);
    });
    const rebuilding = running.projections.rebuild();
    // The rebuild is emptying the read models: a wait started now must not answer from before it.
    await resetting;
    await projections.waitFor(lastPosition);
    expect((await readModel()).map((row) => row.author)).toEqual(['avi', 'dana']);
    await rebuilding;
  });

  it('gives up waiting with a 503 when a position never arrives', async () => {
    await expect(running.platform.projections.waitFor(99, 50)).rejects.toMatchObject({ statusCode: 503 });
  });
});
