import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Migration } from '../module';
import { createDatabase, initialiseEmbeddedDirectory, isUniqueViolation } from './database';
import { runMigrations } from './migrations';

const ran: string[] = [];
const migration = (name: string, table: string): Migration => ({
  name,
  async up(db) {
    ran.push(name);
    await db.schema.createTable(table, (t) => {
      t.bigIncrements('id');
      t.text('label').unique();
    });
  },
});

let db: Knex;
beforeAll(() => {
  db = createDatabase({ dataDir: 'memory://' });
});
afterAll(() => db.destroy());

describe('the embedded database', () => {
  it('runs every module migration once, in name order across modules', async () => {
    const trades = {
      migrations: [migration('0200-trades-b', 'trades_b'), migration('0100-trades-a', 'trades_a')],
    };
    const identity = { migrations: [migration('0150-identity', 'identity_users')] };
    expect(await runMigrations(db, [trades, identity])).toEqual([
      '0100-trades-a',
      '0150-identity',
      '0200-trades-b',
    ]);
    expect(ran).toEqual(['0100-trades-a', '0150-identity', '0200-trades-b']);
    expect(await runMigrations(db, [trades, identity])).toEqual([]);
    const recorded = await db('knex_migrations').orderBy('id').pluck('name');
    expect(recorded).toEqual(['0100-trades-a', '0150-identity', '0200-trades-b']);
  });

  it('refuses two migrations with one name', async () => {
    const twice = [{ migrations: [migration('0300-x', 'x1')] }, { migrations: [migration('0300-x', 'x2')] }];
    await expect(runMigrations(db, twice)).rejects.toThrow(/Two migrations are named 0300-x/);
  });

  it('answers int8 as plain numbers and recognises a unique violation by its code', async () => {
    await db('trades_a').insert([{ label: 'a' }, { label: 'b' }]);
    const [{ count }] = await db('trades_a').count({ count: '*' });
    expect(count).toBe(2);
    const ids = await db('trades_a').orderBy('id').pluck('id');
    expect(ids).toEqual([1, 2]);
    const error = await db('trades_a')
      .insert({ label: 'a' })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('a new embedded data directory', () => {
  it('is created in a process of its own (this one stays small), then opened with a 16 MB page cache and keeps its rows', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yoman-pglite-'));
    try {
      const residentBefore = process.memoryUsage().rss;
      await initialiseEmbeddedDirectory({ dataDir });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      // Creating the cluster in this process left about 400 MB resident here.
      expect(process.memoryUsage().rss - residentBefore).toBeLessThan(100 * 1024 * 1024);
      const opened = createDatabase({ dataDir });
      try {
        const { rows } = await opened.raw<{ rows: { setting: string; unit: string }[] }>(
          "select setting, unit from pg_settings where name = 'shared_buffers'",
        );
        expect(Number(rows[0].setting) * 8).toBe(16 * 1024);
        await opened.schema.createTable('kept', (table) => table.text('label'));
        await opened('kept').insert({ label: 'שמור' });
      } finally {
        await opened.destroy();
      }
      await initialiseEmbeddedDirectory({ dataDir });
      const reopened = createDatabase({ dataDir });
      try {
        expect(await reopened('kept').pluck('label')).toEqual(['שמור']);
      } finally {
        await reopened.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
