import type { Knex } from 'knex';
import { MIGRATIONS_TABLE } from '../db/migrations';
import { dropJobsQueue } from '../jobs/drop-jobs-queue';
import type { Platform } from '../platform';

/**
 * Empties every table except knex's migration bookkeeping and restarts their sequences (fast, between
 * tests), and on BullMQ the test's own queue. The projection runner is paused meanwhile: on Postgres a
 * catch-up still in flight would deadlock with the truncation.
 */
export async function resetDatabase(
  platform: Pick<Platform, 'db' | 'projections' | 'config'>,
): Promise<void> {
  // On Kafka, events still on their way would land in the emptied tables: let them arrive first.
  await platform.projections.catchUp();
  await platform.projections.stop();
  try {
    await truncateTables(platform.db);
    await emptyJobsQueue(platform.config);
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
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.raw(`truncate table ${tables} restart identity cascade`);
      return;
    } catch (error) {
      // On PostgreSQL a background transaction of the process (a job poll, a session's revocation read)
      // can hold one of the tables while the truncation waits for another: PostgreSQL picks one to fail.
      if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= TRUNCATE_ATTEMPTS)
        throw error;
    }
  }
}

const DEADLOCK_DETECTED = '40P01';
const TRUNCATE_ATTEMPTS = 5;

/** Jobs of earlier tests would otherwise still be due in the queue (embedded jobs are table rows). */
async function emptyJobsQueue(config: Platform['config']) {
  if (config.redisUrl && config.jobsQueue) await dropJobsQueue(config.redisUrl, config.jobsQueue);
}
