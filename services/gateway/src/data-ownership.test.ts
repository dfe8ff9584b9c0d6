import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  ensureSchema,
  platformModule,
  runMigrations,
  type YomanModule,
} from '@yoman/platform';
import { testConfig } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { modulesOf } from './registry';

// Each module owns its tables: no module's code names a table another module's migrations created. What a
// module needs of another it learns from events or an API. Ownership is measured, not listed: each module's
// migrations run into an empty database, and the tables that appear are its own.

const services = fileURLToPath(new URL('../../', import.meta.url));

/** Where a module's code lives: `services/<name>/src`, except identity, which the gateway process hosts. */
const folderOf = (module: YomanModule) =>
  module.name === 'identity' ? join(services, 'gateway/src/identity') : join(services, module.name, 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(test|spec)\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join('src', 'testing')}`) && !file.includes('test-support'));
}

/** The tables each module's migrations create, measured on an empty database. */
async function tablesByModule(modules: readonly YomanModule[]): Promise<Map<string, string[]>> {
  const owners = new Map<string, string[]>();
  const config = testConfig();
  const db = createDatabase(config);
  try {
    // On a shared PostgreSQL server (npm run test:infra) the test gets a schema of its own.
    await ensureSchema(db, config.databaseSchema);
    const listTables = async () =>
      (
        await db('information_schema.tables')
          .where('table_schema', db.raw('current_schema()'))
          .pluck('table_name')
      ).map(String);
    const seen = new Set(await listTables());
    for (const module of [platformModule, ...modules]) {
      await runMigrations(db, module === platformModule ? [platformModule] : [platformModule, module]);
      const now = await listTables();
      owners.set(
        module.name,
        now.filter((table) => !seen.has(table)),
      );
      for (const table of now) seen.add(table);
    }
  } finally {
    if (config.databaseSchema) await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
    await db.destroy();
  }
  return owners;
}

/** Places in code that name a table: a quoted name (`db('users')`) or SQL after from/join/into/update. */
function namedTables(source: string, tables: readonly string[]): string[] {
  return tables.filter((table) =>
    new RegExp(`['"\`]${table}['"\`.]|\\b(from|join|into|update|table)\\s+"?${table}\\b`, 'i').test(source),
  );
}

describe('each module owns its data', () => {
  it('names no table that another module’s migrations created', async () => {
    const modules = modulesOf();
    const owners = await tablesByModule(modules);
    expect(owners.get('identity')).toContain('users');
    expect(owners.get('trade')).toContain('trades');
    const trespasses: string[] = [];
    for (const module of modules) {
      const foreign = [...owners.entries()]
        .filter(([owner]) => owner !== module.name && owner !== 'platform')
        .flatMap(([owner, tables]) => tables.map((table) => ({ owner, table })));
      for (const file of sourceFiles(folderOf(module))) {
        const source = readFileSync(file, 'utf8');
        for (const table of namedTables(
          source,
          foreign.map((each) => each.table),
        )) {
          const owner = foreign.find((each) => each.table === table)?.owner;
          trespasses.push(`${module.name}: ${file.slice(services.length)} names ${owner}'s table ${table}`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('would catch a module naming another’s table', () => {
    expect(namedTables("await db('users').where({ id })", ['users'])).toEqual(['users']);
    expect(
      namedTables('select * from organisations o join user_settings s', ['organisations', 'user_settings']),
    ).toEqual(['organisations', 'user_settings']);
    expect(namedTables('// the users of a trade', ['users'])).toEqual([]);
  });
});
