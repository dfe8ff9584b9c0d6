import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsInfra } from '../testing/needs-infra';
import { createDatabase } from './database';
import { prepared } from './prepared';

const nameOf = (query: Knex.Raw | Knex.QueryBuilder) =>
  (query.toSQL() as unknown as { options?: { name?: string } }).options?.name;

describe('prepared statements on the embedded database', () => {
  let db: Knex;
  beforeAll(() => {
    db = createDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => db.destroy());

  it('leaves the statement unnamed: the embedded client prepares every data statement itself', async () => {
    const query = prepared(db.raw('select ?::int + 1 as next', [41]));
    expect(nameOf(query)).toBeUndefined();
    expect((await query).rows).toEqual([{ next: 42 }]);
  });
});

needsInfra('YOMAN_TEST_DATABASE_URL').describe('prepared statements on PostgreSQL', () => {
  let db: Knex;
  beforeAll(() => {
    db = createDatabase({ databaseUrl: process.env.YOMAN_TEST_DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(() => db.destroy());

  it('names a statement by its text: the same text the same name, another text another', () => {
    const first = nameOf(prepared(db.raw('select ?::int as n', [1])));
    expect(first).toMatch(/^yoman_[0-9a-f]{24}$/);
    expect(nameOf(prepared(db.raw('select ?::int as n', [2])))).toBe(first);
    expect(nameOf(prepared(db.raw('select ?::int as m', [1])))).not.toBe(first);
    expect(nameOf(prepared(db.select(db.raw('1 as n'))))).toMatch(/^yoman_/);
  });

  it('is prepared once on a connection and run again with new values', async () => {
    await db.transaction(async (trx) => {
      const sums: number[] = [];
      for (const value of [1, 2, 3]) {
        const { rows } = await prepared(trx.raw('select ?::int * 10 as tenfold', [value]));
        sums.push(rows[0].tenfold);
      }
      expect(sums).toEqual([10, 20, 30]);
      const name = nameOf(prepared(trx.raw('select ?::int * 10 as tenfold', [0])));
      expect(name).toBeDefined();
      const { rows } = await trx.raw(
        'select count(*)::int as kept from pg_prepared_statements where name = ?',
        [name as string],
      );
      expect(rows[0].kept).toBe(1);
    });
  });
});
