import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { onNodePostgres } from '../db/prepared';
import { ConcurrencyError } from '../http/errors';
import type { YomanModule } from '../module';
import type { Projection } from '../projections/types';
import { resetDatabase } from '../testing/reset-database';
import { createTestClock } from '../testing/test-clock';
import { createTestPlatform } from '../testing/test-platform';
import { APPEND_LOCK_KEY } from './postgres-event-store';

/** A read model that lists every event it was given, to see exactly what the relay delivered. */
const deliveredLog: Projection = {
  name: 'delivered-log',
  handles: ['note.written.v1'],
  async apply(event, trx) {
    await trx('delivered_log').insert({ position: event.position, stream_id: event.streamId });
  },
  async reset(trx) {
    await trx('delivered_log').delete();
  },
};

const notesModule: YomanModule = {
  name: 'notes',
  migrations: [
    {
      name: '0001-notes-delivered-log',
      up: (db) =>
        db.schema.createTable('delivered_log', (table) => {
          table.bigInteger('position').primary();
          table.text('stream_id').notNullable();
        }),
    },
  ],
  projections: [deliveredLog],
};

/** Version 1 of note-1 written by `writer`, a transaction the test commits when it chooses. */
const versionOneOfNote1 = (writer: Knex.Transaction) =>
  writer('events').insert({
    stream_id: 'note-1',
    stream_type: 'note',
    version: 1,
    type: 'note.written.v1',
    data: '{}',
  });
const note = (text: string) => ({ type: 'note.written.v1', data: { text }, metadata: { userId: 'u1' } });
const clock = createTestClock('2026-03-01T10:00:00Z');
let running: RunningPlatform;

beforeAll(async () => {
  running = await createTestPlatform([notesModule], { clock });
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

describe('the event store', () => {
  it('appends events with versions and global positions, and reads them back', async () => {
    const { eventStore } = running.platform;
    expect(await eventStore.append('note-1', 'note', 'no_stream', [note('a'), note('b')])).toEqual({
      nextVersion: 2,
      lastPosition: 2,
    });
    await eventStore.append('note-2', 'note', 'no_stream', [note('c')]);
    const stream = await eventStore.readStream('note-1');
    expect(stream.map((event) => [event.version, event.position, event.data])).toEqual([
      [1, 1, { text: 'a' }],
      [2, 2, { text: 'b' }],
    ]);
    expect(stream[0]).toMatchObject({ streamType: 'note', metadata: { userId: 'u1' } });
    expect(stream[0].recordedAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect((await eventStore.readAll({ after: 1 })).map((event) => event.position)).toEqual([2, 3]);
    expect(await eventStore.readAll({ after: 0, upTo: 2, types: ['other.v1'] })).toEqual([]);
    expect(await eventStore.headPosition()).toBe(3);
  });

  it('refuses an append whose expected version is stale with a 409 and loses nothing', async () => {
    const { eventStore } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [note('first')]);
    const stale = eventStore.append('note-1', 'note', 'no_stream', [note('second')]);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(eventStore.append('note-1', 'note', 0, [note('x')])).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONCURRENCY_CONFLICT',
    });
    await eventStore.append('note-1', 'note', 1, [note('second')]);
    await eventStore.append('note-1', 'note', 'any', [note('third')]);
    expect((await eventStore.readStream('note-1')).map((event) => event.data)).toEqual([
      { text: 'first' },
      { text: 'second' },
      { text: 'third' },
    ]);
  });

  it('refuses a second event with the same stream version even from a writer that skips the check', async () => {
    const { db, eventStore } = running.platform;
    await eventStore.append('note-1', 'note', 'no_stream', [note('first')]);
    // A writer that bypassed the version check still cannot overwrite version 1.
    const duplicate = db('events').insert({
      stream_id: 'note-1',
      stream_type: 'note',
      version: 1,
      type: 'note.written.v1',
      data: '{}',
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
  });

  it('holds a transaction-scoped advisory lock while it appends', async () => {
    const { db, eventStore } = running.platform;
    const advisoryLocks = async (executor: Knex | Knex.Transaction) =>
      (
        await executor.raw(
          "select count(*)::int as held from pg_locks where locktype = 'advisory' and objid = ? and granted and pid = pg_backend_pid()",
          [APPEND_LOCK_KEY % 2 ** 32],
        )
      ).rows[0].held;
    const held = await db.transaction(async (trx) => {
      await eventStore.append('note-1', 'note', 'no_stream', [note('a')], trx);
      return advisoryLocks(trx);
    });
    expect(held).toBe(1);
    expect(await advisoryLocks(db)).toBe(0);
  });
});

describe('appends made at about the same time', () => {
  /** The SQL statements run during `action`. */
  async function statementsDuring(action: () => Promise<unknown>) {
    const { db } = running.platform;
    const seen: string[] = [];
    const onQuery = (query: { sql: string }) => seen.push(query.sql);
    db.on('query', onQuery);
    try {
      await action();
    } finally {
      db.off('query', onQuery);
    }
    return seen;
  }

  it('commit in one statement, each with its own versions and consecutive positions', async () => {
    const { eventStore } = running.platform;
    await eventStore.append('note-2', 'note', 'no_stream', [note('before')]);
    let results: Awaited<ReturnType<typeof eventStore.append>>[] = [];
    const statements = await statementsDuring(async () => {
      results = await Promise.all([
        eventStore.append('note-1', 'note', 'no_stream', [note('a1'), note('a2')]),
        eventStore.append('note-2', 'note', 1, [note('b2'), note('b3'), note('b4')]),
        eventStore.append('note-3', 'note', 'any', [note('c1')]),
      ]);
    });
    // The other statements are the projections' catch-up after the earlier append.
    const appending = statements.filter((sql) =>
      /pg_advisory_xact_lock|insert into "?events"?|"events" where "stream_id"/.test(sql),
    );
    if (onNodePostgres(running.platform.db)) {
      // One round trip: the lock, the versions and the insert, in a transaction of its own.
      expect(appending).toHaveLength(1);
      expect(appending[0]).toContain('pg_advisory_xact_lock');
      expect(appending[0]).toContain('insert into events');
    } else {
      // PGlite: one transaction of three statements, one lock and one insert for the group.
      expect(appending.filter((sql) => sql.includes('pg_advisory_xact_lock'))).toHaveLength(1);
      expect(appending.filter((sql) => sql.startsWith('insert into "events"'))).toHaveLength(1);
    }
    expect(results).toEqual([
      { nextVersion: 2, lastPosition: 3 },
      { nextVersion: 4, lastPosition: 6 },
      { nextVersion: 1, lastPosition: 7 },
    ]);
    const stream = async (id: string) =>
      (await eventStore.readStream(id)).map((event) => [event.version, event.position, event.data]);
    expect(await stream('note-1')).toEqual([
      [1, 2, { text: 'a1' }],
      [2, 3, { text: 'a2' }],
    ]);
    expect(await stream('note-2')).toEqual([
      [1, 1, { text: 'before' }],
      [2, 4, { text: 'b2' }],
      [3, 5, { text: 'b3' }],
      [4, 6, { text: 'b4' }],
    ]);
  });

  it('under load, go together when they arrive in turns a moment apart where a group writes the read models too', async () => {
    const { eventStore } = running.platform;
    // Two appends together: the last group carried more than one, so the next one gathers.
    await Promise.all([
      eventStore.append('note-1', 'note', 'no_stream', [note('a')]),
      eventStore.append('note-2', 'note', 'no_stream', [note('b')]),
    ]);
    let results: Awaited<ReturnType<typeof eventStore.append>>[] = [];
    const statements = await statementsDuring(async () => {
      const first = eventStore.append('note-3', 'note', 'no_stream', [note('c')]);
      await new Promise((resolve) => setImmediate(resolve));
      const second = eventStore.append('note-4', 'note', 'no_stream', [note('d')]);
      results = await Promise.all([first, second]);
    });
    expect(results).toEqual([
      { nextVersion: 1, lastPosition: 3 },
      { nextVersion: 1, lastPosition: 4 },
    ]);
    // Embedded (PGlite, inline delivery) the group gathers: one lock. On PostgreSQL it does not, and the first
    // goes alone as its turn ends: two.
    const locks = statements.filter((sql) => sql.includes('pg_advisory_xact_lock'));
    expect(locks).toHaveLength(onNodePostgres(running.platform.db) ? 2 : 1);
  });

  it('refuse only the append whose expected version does not match; the others commit', async () => {
    const { eventStore } = running.platform;
    const outcomes = await Promise.allSettled([
      eventStore.append('note-1', 'note', 'no_stream', [note('first')]),
      eventStore.append('note-1', 'note', 'no_stream', [note('same version')]),
      eventStore.append('note-1', 'note', 1, [note('second')]),
      eventStore.append('note-2', 'note', 5, [note('wrong')]),
      eventStore.append('note-3', 'note', 'no_stream', [note('other')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((await eventStore.readStream('note-1')).map((event) => event.data)).toEqual([
      { text: 'first' },
      { text: 'second' },
    ]);
    expect(await eventStore.readStream('note-2')).toEqual([]);
    expect(await eventStore.readStream('note-3')).toHaveLength(1);
  });

  it('one that meets a row written past the lock fails alone; the rest of its group commits', async () => {
    const { db, eventStore } = running.platform;
    // A writer that skips the lock holds version 1 of note-1, uncommitted, while the group appends. On
    // PostgreSQL the group's insert then meets it and fails, and each append is tried again on its own.
    const sneaky = await db.transaction();
    await versionOneOfNote1(sneaky);
    const appends = Promise.allSettled([
      eventStore.append('note-1', 'note', 'no_stream', [note('late')]),
      eventStore.append('note-2', 'note', 'no_stream', [note('unrelated')]),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sneaky.commit();
    const [late, unrelated] = await appends;
    expect(late).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    expect(unrelated.status).toBe('fulfilled');
    expect((await eventStore.readStream('note-2')).map((event) => event.data)).toEqual([
      { text: 'unrelated' },
    ]);
  });

  it('given an append to the same stream committed while one waited for the lock, then it is stored after it, not beside it', async () => {
    const { db, eventStore } = running.platform;
    // Another writer holds the append lock and writes version 1 of note-1. On PostgreSQL the append below
    // starts meanwhile: its statement's snapshot cannot see version 1, so its insert meets that row, and the
    // group is appended again the transaction way, which reads the version after the lock.
    const other = await db.transaction();
    await other.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    await versionOneOfNote1(other);
    const appends = Promise.all([
      eventStore.append('note-1', 'note', 'any', [note('after the other')]),
      eventStore.append('note-2', 'note', 'no_stream', [note('unrelated')]),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.commit();
    const [after, unrelated] = await appends;
    expect(after.nextVersion).toBe(2);
    expect(unrelated.nextVersion).toBe(1);
    const stored = await eventStore.readStream('note-1');
    expect(stored.map((event) => event.version)).toEqual([1, 2]);
    expect(stored[1]?.position).toBe(after.lastPosition);
    expect(stored[1]?.position).toBeGreaterThan(stored[0]?.position as number);
  });

  it('given appends that commit together, then their positions follow the order they were made in', async () => {
    const { eventStore } = running.platform;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        eventStore.append(`note-${n}`, 'note', 'no_stream', [note(`${n}a`), note(`${n}b`)]),
      ),
    );
    const all = await eventStore.readAll({ after: 0 });
    expect(all.map((event) => (event.data as { text: string }).text)).toEqual(
      Array.from({ length: 12 }, (_, n) => [`${n}a`, `${n}b`]).flat(),
    );
    expect(results.map((result) => result.lastPosition)).toEqual(
      Array.from({ length: 12 }, (_, n) => 2 * n + 2),
    );
  });
});
