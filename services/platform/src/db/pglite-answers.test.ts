import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPrepared } from './pglite-statements';

// The answers of prepared runs are read from PGlite's raw bytes by pglite-answers.ts; these tests hold them
// to what PGlite's own `query` gives for the same statement: rows, fields, command, counts and errors.

let pglite: PGlite;
beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`
    create table sample (
      id int primary key, note text, amount numeric, big int8, flag boolean, at timestamptz,
      day date, doc jsonb, tags text[], ratio float8
    );
    create function noisy(value int) returns int language plpgsql as
      $$ begin raise notice 'a notice for %', value; return value; end $$;
  `);
});
afterAll(() => pglite.close());
beforeEach(() => pglite.exec('delete from sample'));

/** The same statement through PGlite's own query, for comparison. */
const byQuery = (text: string, values: unknown[] = []) => pglite.query(text, values);

const SELECT_ALL = 'select * from sample order by id';
const textValue = fc.option(
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => text.replaceAll('\u0000', '')),
  { nil: null },
);
const rowArbitrary = fc.record({
  note: textValue,
  amount: fc.option(
    fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.nat(99_999_999)).map(([int, frac]) => `${int}.${frac}`),
    { nil: null },
  ),
  big: fc.option(fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }), { nil: null }),
  flag: fc.option(fc.boolean(), { nil: null }),
  at: fc.option(fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), {
    nil: null,
  }),
  day: fc.option(fc.constantFrom('2026-03-10', '1999-12-31', '2030-02-28'), { nil: null }),
  doc: fc.option(
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }))),
    {
      nil: null,
    },
  ),
  tags: fc.option(
    fc.array(
      textValue.filter((tag) => tag !== null),
      { maxLength: 4 },
    ),
    { nil: null },
  ),
  ratio: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
});

describe('a prepared run reads its answer as PGlite does', () => {
  it('rows of every kind of value, null included, and their fields', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { maxLength: 12 }), async (rows) => {
        await pglite.exec('delete from sample');
        for (const [id, row] of rows.entries()) {
          await byQuery(
            `insert into sample (id, note, amount, big, flag, at, day, doc, tags, ratio)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [id, row.note, row.amount, row.big, row.flag, row.at, row.day, row.doc, row.tags, row.ratio],
          );
        }
        const prepared = await runPrepared(pglite, SELECT_ALL, []);
        const queried = await byQuery(SELECT_ALL);
        expect(prepared.rows).toEqual(queried.rows);
        expect(prepared.fields).toEqual(queried.fields);
        expect(prepared.rows).toHaveLength(rows.length);
      }),
      { numRuns: 40 },
    );
  });

  it('an answer larger than one chunk of PGlite’s output', async () => {
    await byQuery(
      `insert into sample (id, note, doc)
       select n, repeat('יומן ', 40) || n, jsonb_build_object('n', n) from generate_series(1, 5000) n`,
    );
    const prepared = await runPrepared(pglite, SELECT_ALL, []);
    expect(prepared.rows).toHaveLength(5000);
    expect(prepared.rows).toEqual((await byQuery(SELECT_ALL)).rows);
  });

  it('the command, the rows it changed and its row count', async () => {
    const statements: [string, unknown[]][] = [
      ['insert into sample (id) values ($1), ($2), ($3)', [1, 2, 3]],
      ['update sample set note = $1 where id > $2', ['later', 1]],
      ['select id from sample where id >= $1', [2]],
      ['delete from sample where id = $1 returning id', [3]],
      ['with gone as (delete from sample where id = $1 returning id) select count(*) from gone', [2]],
    ];
    for (const [text, values] of statements) {
      await pglite.exec('delete from sample; insert into sample (id) values (10), (11)');
      const prepared = await runPrepared(pglite, text, values);
      await pglite.exec('delete from sample; insert into sample (id) values (10), (11)');
      const queried = await byQuery(text, values);
      const { rows, fields, command, affectedRows, rowCount } = prepared;
      expect({ rows, fields, command, affectedRows, rowCount }, text).toEqual({
        rows: queried.rows,
        fields: queried.fields,
        command: queried.command,
        affectedRows: queried.affectedRows,
        rowCount: queried.rowCount,
      });
    }
  });

  it('a notice raised on the way leaves the answer as it is', async () => {
    expect((await runPrepared(pglite, 'select noisy($1) as value', [7])).rows).toEqual([{ value: 7 }]);
  });

  it("an error is PGlite's DatabaseError with PostgreSQL's code and message", async () => {
    await byQuery('insert into sample (id) values (1)');
    const insert = 'insert into sample (id) values ($1)';
    const prepared = await runPrepared(pglite, insert, [1]).catch((error: unknown) => error);
    const queried = await byQuery(insert, [1]).catch((error: unknown) => error);
    expect(prepared).toBeInstanceOf(Error);
    expect(prepared).toMatchObject({ code: '23505', constraint: 'sample_pkey' });
    expect((prepared as Error).message).toBe((queried as Error).message);
    expect((await runPrepared(pglite, 'select count(*)::int as rows from sample', [])).rows).toEqual([
      { rows: 1 },
    ]);
  });
});
