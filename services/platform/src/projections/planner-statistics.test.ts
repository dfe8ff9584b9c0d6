import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { createTestPlatform } from '../testing/test-platform';
import { notesModule, written } from './notes-fixture';
import { analyseGrownTables } from './planner-statistics';
import { deliverAll } from './projection-delivery';
import type { Projection } from './types';

// A statement prepared while a table was nearly empty keeps its plan until the table's statistics change:
// tables are analysed as they grow, each time they double.

let running: RunningPlatform;
beforeAll(async () => {
  running = await createTestPlatform([notesModule]);
});
afterAll(() => running.close());

/** Rows of 1,500 characters that do not compress, so they stay in the table's own pages: about 5 a page. */
async function addRows(count: number, from: number, { db } = running.platform) {
  const rows = Array.from({ length: count }, (_, n) => ({
    id: from + n,
    body: Array.from({ length: 50 }, () => Math.random().toString(36).slice(2, 32).padEnd(30, '0')).join(''),
  }));
  for (let start = 0; start < rows.length; start += 100)
    await db('growing').insert(rows.slice(start, start + 100));
}

const pagesAndEstimate = async ({ db } = running.platform) => {
  const row = await db('pg_class')
    .where({ relname: 'growing', relnamespace: db.raw('current_schema()::regnamespace') })
    .first('relpages', 'reltuples');
  return { pages: Number(row?.relpages), rows: Number(row?.reltuples) };
};

describe('tables analysed as they grow', () => {
  it('given a table filling up, analyses it once it reaches 16 pages, then only each time it has doubled', async () => {
    const { db } = running.platform;
    // Autovacuum (on PostgreSQL) would analyse it on its own schedule: off here, so only this code does.
    await db.raw(
      'create table growing (id integer primary key, body text not null) with (autovacuum_enabled = false)',
    );
    await addRows(20, 0);
    expect(await analyseGrownTables(db)).not.toContain('growing');
    expect((await pagesAndEstimate()).rows).toBe(-1);

    await addRows(80, 20);
    expect(await analyseGrownTables(db)).toContain('growing');
    const first = await pagesAndEstimate();
    expect(first.rows).toBe(100);
    expect(first.pages).toBeGreaterThanOrEqual(16);
    expect(await analyseGrownTables(db)).not.toContain('growing');

    await addRows(50, 100);
    expect(await analyseGrownTables(db)).not.toContain('growing');
    expect((await pagesAndEstimate()).rows).toBe(100);

    await addRows(60, 150);
    expect(await analyseGrownTables(db)).toContain('growing');
    expect((await pagesAndEstimate()).rows).toBe(210);
  });

  it('gives a delivery a turn after each batch that has another behind it, for a replay to analyse in', async () => {
    const { db, eventStore } = running.platform;
    await eventStore.append('note-9', 'note', 'no_stream', [written('a'), written('b'), written('c')]);
    // A projection of its own, at the start of the store: it has every note still to come.
    const applied: number[] = [];
    const counting: Projection = {
      name: 'counting-notes',
      handles: ['note.written.v1'],
      async apply(event) {
        applied.push(event.position);
      },
      async reset() {},
    };
    const turns: number[] = [];
    await deliverAll(db, [counting], 1, pino({ level: 'silent' }), async () => {
      turns.push(applied.length);
    });
    // A batch of one event each: a turn after each but the last, before the next batch is read.
    expect(turns).toEqual(applied.slice(0, -1).map((_, index) => index + 1));
    expect(turns.length).toBeGreaterThanOrEqual(2);
  });
});
