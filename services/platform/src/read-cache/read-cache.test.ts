import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import type { RecordedEvent } from '../event-store/types';
import { writtenOnceWhenFrozen } from '../http/response-serializer';
import { batchedProjection } from '../projections/batched-projection';
import {
  createReadCache,
  type ReadCache,
  readCacheable,
  readCachesListening,
  readModelChanged,
  userScope,
} from './read-cache';

let db: Knex;
let cache: ReadCache;
beforeAll(() => {
  db = createDatabase({ dataDir: 'memory://' });
});
afterEach(() => cache?.close());
afterAll(() => db.destroy());

const ALICE = userScope('alice');
const BOB = userScope('bob');

/** A loader that counts its calls and answers `{ n }` with the call's number. */
function counted() {
  let calls = 0;
  const load = async () => {
    calls += 1;
    return { n: calls };
  };
  return { load, calls: () => calls };
}

const change = (scopes: readonly string[] | 'all') =>
  db.transaction(async (trx) => readModelChanged(trx, scopes));

describe('a read cache', () => {
  it('given an answer read once, when asked again with nothing changed, then it is not read again', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load, calls } = counted();
    expect(await cache.read([ALICE], 'month', load)).toEqual({ n: 1 });
    expect(await cache.read([ALICE], 'month', load)).toEqual({ n: 1 });
    expect(calls()).toBe(1);
  });

  it('given a kept answer, when a projection changes its scope, then the next read loads anew', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load } = counted();
    await cache.read([ALICE], 'month', load);
    await change([ALICE]);
    expect(await cache.read([ALICE], 'month', load)).toEqual({ n: 2 });
  });

  it('given a kept answer, when another scope changes, then it is still served', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load, calls } = counted();
    await cache.read([ALICE], 'month', load);
    await change([BOB]);
    await cache.read([ALICE], 'month', load);
    expect(calls()).toBe(1);
  });

  it('given an answer of two scopes, when either changes, then it is read anew', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load, calls } = counted();
    const scopes = [ALICE, 'organisation:o1'];
    await cache.read(scopes, 'analytics', load);
    await change(['organisation:o1']);
    await cache.read(scopes, 'analytics', load);
    await change([ALICE]);
    await cache.read(scopes, 'analytics', load);
    expect(calls()).toBe(3);
  });

  it('given kept answers, when a rebuild changes everything, then every answer is read anew', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load, calls } = counted();
    await cache.read([ALICE], 'a', load);
    await cache.read([BOB], 'b', load);
    await change('all');
    await cache.read([ALICE], 'a', load);
    await cache.read([BOB], 'b', load);
    expect(calls()).toBe(4);
  });

  it('given a read under way, when its scope changes before it ends, then its answer is not kept', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    let calls = 0;
    const racing = async () => {
      calls += 1;
      await change([ALICE]);
      return { n: calls };
    };
    await cache.read([ALICE], 'month', racing);
    await cache.read([ALICE], 'month', async () => ({ n: ++calls }));
    expect(calls).toBe(2);
  });

  it('given a change inside a transaction, when the commit comes, then the scope moves again', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const { load, calls } = counted();
    await db.transaction(async (trx) => {
      readModelChanged(trx, [ALICE]);
      // A read on another connection before the commit sees the old rows: it must not be kept after it.
      await cache.read([ALICE], 'month', load);
    });
    await cache.read([ALICE], 'month', load);
    expect(calls()).toBe(2);
  });

  it('keeps answers frozen, so nothing can change a kept answer', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    const answer = await cache.read([ALICE], 'month', async () => ({ days: [{ n: 1 }] }));
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.days[0])).toBe(true);
  });

  it('drops the oldest answers beyond its size', async () => {
    cache = createReadCache({ maxBytes: 200 });
    for (let i = 0; i < 20; i += 1) await cache.read([ALICE], `k${i}`, async () => ({ i }));
    expect(cache.size).toBeLessThan(20);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('does not keep a failed read', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    await expect(
      cache.read([ALICE], 'month', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.read([ALICE], 'month', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('stops listening once closed', async () => {
    const before = readCachesListening();
    cache = createReadCache({ maxBytes: 1_000 });
    expect(readCachesListening()).toBe(true);
    cache.close();
    expect(readCachesListening()).toBe(before);
  });
});

describe('a batched projection', () => {
  it('announces the owner of every event it applies, so no projection can forget to', async () => {
    cache = createReadCache({ maxBytes: 1_000_000 });
    await db.schema.createTable('cache_notes', (table) => table.text('author'));
    const notes = batchedProjection<{ author: string }>({
      name: 'notes',
      handles: ['note.written.v1'],
      parse: (recorded) => recorded.data as { author: string },
      applyEvents: async (events, trx) => {
        await trx('cache_notes').insert(events.map(({ author }) => ({ author })));
      },
      tables: ['cache_notes'],
      ownerOf: (event) => event.author,
    });
    const note = (author: string) => ({ type: 'note.written.v1', data: { author } }) as RecordedEvent;
    const { load, calls } = counted();
    await cache.read([ALICE], 'notes', load);
    await cache.read([BOB], 'notes', load);
    await db.transaction((trx) => notes.applyBatch!([note('alice')], trx));
    await cache.read([ALICE], 'notes', load);
    await cache.read([BOB], 'notes', load);
    expect(calls()).toBe(3);
  });
});

describe('where answers may be kept', () => {
  it('only where this process owns its database and applies every projection', () => {
    expect(readCacheable({})).toBe(true);
    expect(readCacheable({ databaseUrl: 'postgres://db/yoman' })).toBe(false);
    expect(readCacheable({ kafkaBrokers: ['127.0.0.1:9092'] })).toBe(false);
  });
});

describe('a frozen answer', () => {
  it('is written once, and an answer that can change is written every time', () => {
    let writes = 0;
    const write = writtenOnceWhenFrozen((data) => {
      writes += 1;
      return JSON.stringify(data);
    });
    const kept = Object.freeze({ a: 1 });
    expect(write(kept)).toBe('{"a":1}');
    expect(write(kept)).toBe('{"a":1}');
    expect(writes).toBe(1);
    const open = { a: 1 };
    write(open);
    open.a = 2;
    expect(write(open)).toBe('{"a":2}');
    expect(writes).toBe(3);
  });
});
