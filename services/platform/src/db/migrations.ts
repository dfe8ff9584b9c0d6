import type { Knex } from 'knex';
import type { Migration, YomanModule } from '../module';

/** The table in which knex records the migrations already run. */
export const MIGRATIONS_TABLE = 'knex_migrations';

/** Runs every module's migrations not yet run, in name order; returns the names it ran. */
export async function runMigrations(db: Knex, modules: readonly Pick<YomanModule, 'migrations'>[]) {
  const migrations = modules.flatMap((module) => module.migrations);
  const names = new Set<string>();
  for (const migration of migrations) {
    if (names.has(migration.name)) throw new Error(`Two migrations are named ${migration.name}`);
    names.add(migration.name);
  }
  const ordered = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => ordered,
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: (trx: Knex) => migration.up(trx),
      // Yoman migrates forward only; a bad migration is fixed by a new one.
      down: async () => {},
    }),
  };
  const [, ran] = (await db.migrate.latest({ migrationSource: source, tableName: MIGRATIONS_TABLE })) as [
    number,
    string[],
  ];
  return ran;
}
