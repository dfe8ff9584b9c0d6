import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { YomanModule } from '../module';
import { createTestApp, type TestApp } from '../testing';
import { batchedProjection } from './batched-projection';
import { countProjectionFailures, listProjectionFailures } from './projection-failures';
import type { Projection } from './types';

// A projection that skips an event leaves a row an operator can find (projection, event position, type,
// stream, error, time), `/readyz` names it, and a rebuild after the fix clears it.

let refuseAuthor = 'explode';

const notes: Projection = {
  name: 'notes',
  handles: ['note.written.v1'],
  async apply(event, trx) {
    const { author } = event.data as { author: string };
    if (author === refuseAuthor) throw new Error(`cannot store the author ${author}`);
    await trx('failure_notes').insert({ position: event.position, author });
  },
  async reset(trx) {
    await trx('failure_notes').delete();
  },
};

/** Reads only notes with a text author: any other data is unreadable, and recorded as such. */
const authors = batchedProjection<{ author: string }>({
  name: 'authors',
  handles: ['note.written.v1'],
  parse: (recorded) => {
    const { author } = recorded.data as { author?: unknown };
    return typeof author === 'string' ? { author } : undefined;
  },
  applyEvents: async (events, trx) => {
    for (const { author } of events) await trx('failure_authors').insert({ author }).onConflict().ignore();
  },
  tables: ['failure_authors'],
  ownerOf: (event) => event.author,
});

const notesModule: YomanModule = {
  name: 'failure-notes',
  migrations: [
    {
      name: '0001-failure-notes',
      async up(db) {
        await db.schema.createTable('failure_notes', (table) => {
          table.bigInteger('position').primary();
          table.text('author').notNullable();
        });
        await db.schema.createTable('failure_authors', (table) => {
          table.text('author').primary();
        });
      },
    },
  ],
  projections: [notes, authors],
};

const written = (author: unknown) => ({ type: 'note.written.v1', data: { author } });
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ modules: [notesModule] });
});
afterAll(() => harness.close());
beforeEach(async () => {
  await harness.reset();
  refuseAuthor = 'explode';
});

const readyz = async () => (await harness.app.inject({ url: '/readyz' })).json();

describe('skipped events, as the operator sees them', () => {
  it('records the projection, the event (position, type, stream), the error and the time', async () => {
    harness.clock.set('2026-03-10T12:00:00Z');
    const { eventStore, projections, db } = harness.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('dana'), written('explode')]);
    await eventStore.append('note-2', 'note', 'no_stream', [written(42)]);
    await projections.catchUp();

    const failures = await listProjectionFailures(db);
    expect(failures.map(({ failedAt, ...rest }) => rest)).toEqual([
      {
        projection: 'notes',
        position: 2,
        eventType: 'note.written.v1',
        streamId: 'note-1',
        error: 'cannot store the author explode',
      },
      {
        projection: 'authors',
        position: 3,
        eventType: 'note.written.v1',
        streamId: 'note-2',
        error: 'cannot read note.written.v1 at position 3: its data does not match the schema',
      },
    ]);
    expect(failures.every((failure) => failure.failedAt instanceof Date)).toBe(true);
    expect(await listProjectionFailures(db, { projection: 'authors' })).toHaveLength(1);
    // The others of the same batches were applied.
    expect(await db('failure_notes').orderBy('position').pluck('author')).toEqual(['dana', '42']);
    expect(await db('failure_authors').orderBy('author').pluck('author')).toEqual(['dana', 'explode']);
  });

  it('/readyz stays ready and names each projection that skipped events, how many and since where', async () => {
    const { eventStore, projections } = harness.platform;
    expect(await readyz()).toEqual({ status: 'ready' });
    await eventStore.append('note-1', 'note', 'no_stream', [
      written('explode'),
      written('avi'),
      written(null),
    ]);
    await projections.catchUp();

    const response = await harness.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      projectionFailures: [
        { projection: 'authors', failures: 1, firstPosition: 3, lastFailedAt: expect.any(String) },
        { projection: 'notes', failures: 2, firstPosition: 1, lastFailedAt: expect.any(String) },
      ],
    });
    expect(await countProjectionFailures(harness.platform.db)).toHaveLength(2);
  });

  it('a rebuild after the fix applies the events and clears their failures', async () => {
    const { eventStore, projections, db } = harness.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [written('explode')]);
    await projections.catchUp();
    expect(await countProjectionFailures(db)).toHaveLength(1);

    refuseAuthor = 'nobody';
    expect(await harness.running.projections.replay('notes')).toEqual([
      { projection: 'notes', events: 1, failures: 0 },
    ]);
    expect(await db('failure_notes').pluck('author')).toEqual(['explode']);
    expect(await readyz()).toEqual({ status: 'ready' });
  });
});
