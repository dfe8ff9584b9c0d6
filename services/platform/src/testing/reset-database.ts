import type { Knex } from 'knex';
import { MIGRATIONS_TABLE } from '../db/migrations';
import type { Platform } from '../platform';

/**
 * Empties every table except knex's migration bookkeeping and restarts their sequences (fast, between
 * tests). The projection runner is paused meanwhile: on Postgres a catch-up still in flight would
 * deadlock with the truncation.
 */
export async function resetDatabase(platform: Pick<Platform, 'db' | 'projections'>): Promise<void> {
  await platform.projections.stop();
  try {
    await truncateTables(platform.db);
  } finally {
    await platform.projections.start();
  }
}

async function truncateTables(db: Knex) {
  const rows: { tablename: string }[] = (
    await db.raw(
      'select tablename from pg_tables where schemaname = current_schema() and tablename not like ?',
      [`${MIGRATIONS_TABLE}%`],
    )
  ).rows;
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"${row.tablename.replaceAll('"', '""')}"`).join(', ');
  await db.raw(`truncate table ${tables} restart identity cascade`);
}
