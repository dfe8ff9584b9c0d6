import { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { changesSchema, forgetPrepared, preparedCount, runPrepared, runsPrepared } from './pglite-statements';

/** The texts PostgreSQL holds as prepared statements on this database. */
const preparedTexts = async (pglite: PGlite) =>
  (
    await pglite.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by statement',
    )
  ).rows.map(({ statement }) => statement);

describe('data statements on PGlite run as named prepared statements', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec(
      'create table probe (id int primary key, note text, tags jsonb, big int8, at timestamptz)',
    );
  });
  afterAll(() => pglite.close());

  it('prepares a text once and runs it again with new values', async () => {
    const next = 'select $1::int + 1 as next';
    const answers = [];
    for (const value of [41, 1, -1]) answers.push((await runPrepared(pglite, next, [value])).rows);
    expect(answers).toEqual([[{ next: 42 }], [{ next: 2 }], [{ next: 0 }]]);
    expect((await preparedTexts(pglite)).filter((text) => text === next)).toHaveLength(1);
  });

  it('sends and reads values as PGlite does: json, null, int8, timestamps, arrays, rows written', async () => {
    const insert =
      'insert into probe (id, note, tags, big, at) values ($1, $2, $3, $4, $5) returning id, big, at';
    const at = new Date('2026-11-28T10:00:00.000Z');
    expect((await runPrepared(pglite, insert, [1, 'first', ['a'], 9_000_000_000, at])).rows).toEqual([
      { id: 1, big: 9_000_000_000, at },
    ]);
    await runPrepared(pglite, insert, [2, null, { b: 2 }, null, null]);
    const update = await runPrepared(pglite, 'update probe set note = $1 where id <= $2', ['both', 2]);
    expect(update.affectedRows).toBe(2);
    const read = await runPrepared(
      pglite,
      'select id, note, tags from probe where id = any($1) order by id',
      [[1, 2]],
    );
    expect(read.rows).toEqual([
      { id: 1, note: 'both', tags: ['a'] },
      { id: 2, note: 'both', tags: { b: 2 } },
    ]);
    // The same statement through PGlite's own query reads the same.
    expect(read.rows).toEqual(
      (await pglite.query('select id, note, tags from probe where id = any($1) order by id', [[1, 2]])).rows,
    );
  });

  it('fails with PostgreSQL error code and leaves the database usable, in a transaction or not', async () => {
    const insert = 'insert into probe (id) values ($1)';
    await runPrepared(pglite, insert, [10]);
    await expect(runPrepared(pglite, insert, [10])).rejects.toMatchObject({ code: '23505' });
    await pglite.query('begin');
    await runPrepared(pglite, insert, [11]);
    await expect(runPrepared(pglite, insert, [10])).rejects.toMatchObject({ code: '23505' });
    await pglite.query('rollback');
    const { rows } = await runPrepared(pglite, 'select count(*)::int as n from probe where id >= $1', [10]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('does not keep a text that fails to parse', async () => {
    const broken = 'select from where $1';
    await expect(runPrepared(pglite, broken, [1])).rejects.toMatchObject({ code: '42601' });
    await expect(runPrepared(pglite, broken, [1])).rejects.toMatchObject({ code: '42601' });
    expect(await preparedTexts(pglite)).not.toContain(broken);
  });

  it('keeps the texts run most recently and closes the oldest beyond its limit', async () => {
    const own = new PGlite();
    try {
      const texts = [1, 2, 3, 4].map((n) => `select ${n} + $1::int as n`);
      for (const text of texts.slice(0, 3)) await runPrepared(own, text, [0], 3);
      await runPrepared(own, texts[0] as string, [0], 3); // the first is now the most recent
      await runPrepared(own, texts[3] as string, [0], 3);
      expect(preparedCount(own)).toBe(3);
      expect(await preparedTexts(own)).toEqual([texts[0], texts[2], texts[3]]);
      expect((await runPrepared(own, texts[1] as string, [10], 3)).rows).toEqual([{ n: 12 }]);
    } finally {
      await own.close();
    }
  });

  it('forgets every statement once the schema changes, so a changed table reads right', async () => {
    const everything = 'select * from probe where id = $1';
    expect(Object.keys((await runPrepared(pglite, everything, [1])).rows[0] as object)).not.toContain(
      'extra',
    );
    await pglite.exec('alter table probe add column extra text');
    await forgetPrepared(pglite);
    expect(await preparedTexts(pglite)).toEqual([]);
    expect((await runPrepared(pglite, everything, [1])).rows[0]).toMatchObject({ id: 1, extra: null });
  });

  it('tells data statements from the others', () => {
    for (const text of [
      'select 1',
      ' insert into t values (1)',
      'UPDATE t set a = 1',
      'delete from t',
      'with x as (select 1) select * from x',
    ])
      expect(runsPrepared(text), text).toBe(true);
    for (const text of [
      'BEGIN;',
      'COMMIT;',
      'set search_path to "a"',
      'create table t (a int)',
      'listen x',
      'explain select 1',
    ])
      expect(runsPrepared(text), text).toBe(false);
    for (const text of ['create table t (a int)', 'ALTER TABLE t add b int', 'drop table t', 'truncate t'])
      expect(changesSchema(text), text).toBe(true);
    expect(changesSchema('select 1')).toBe(false);
  });
});

describe('the embedded knex database runs its data statements prepared', () => {
  let db: Knex;
  beforeAll(() => {
    db = createDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => db.destroy());

  const pgliteOf = async (knex: Knex) => (await knex.client.acquireConnection()) as PGlite;

  it('prepares a builder query and a raw one, answers them as before, and forgets them after a migration', async () => {
    await db.schema.createTable('items', (table) => {
      table.integer('id').primary();
      table.text('name');
    });
    await db('items').insert([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(await db('items').where({ id: 2 }).first('name')).toEqual({ name: 'b' });
    expect((await db.raw('select count(*) as n from items')).rows).toEqual([{ n: 2 }]);
    expect(await db('items').where({ id: 1 }).update({ name: 'z' })).toBe(1);
    const pglite = await pgliteOf(db);
    await db.client.releaseConnection(pglite);
    expect(preparedCount(pglite)).toBeGreaterThanOrEqual(4);
    await db.schema.alterTable('items', (table) => table.text('extra'));
    expect(preparedCount(pglite)).toBe(0);
    expect(await db('items').where({ id: 1 }).first()).toEqual({ id: 1, name: 'z', extra: null });
  });
});
