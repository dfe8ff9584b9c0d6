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
  // Processes of one installation share the database but not their modules (the gateway knows identity,
  // the trade service trade): a migration another process recorded is not this process's to find.
  const settings = {
    migrationSource: source,
    tableName: MIGRATIONS_TABLE,
    disableMigrationsListValidation: true,
  };
  for (let attempt = 1; ; attempt += 1) {
    const [, pending] = (await db.migrate.list(settings)) as [unknown[], unknown[]];
    if (pending.length === 0) return [];
    try {
      const [, ran] = (await db.migrate.latest(settings)) as [number, string[]];
      return ran;
    } catch (error) {
      // Several processes starting at once: one migrates, the others wait for it and find nothing left.
      if (!isMigrationLocked(error) || attempt >= LOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
}

const LOCK_ATTEMPTS = 60;
const LOCK_RETRY_MS = 500;

function isMigrationLocked(error: unknown): boolean {
  return error instanceof Error && /already locked/i.test(error.message);
}
