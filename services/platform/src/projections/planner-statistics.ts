import type { Knex } from 'knex';
import type { Logger } from 'pino';

// PostgreSQL plans each query from the statistics ANALYZE gathers about its tables, and plans a prepared
// statement again whenever they change. Autovacuum gathers them some time after the rows change; PGlite,
// which runs no autovacuum, never does. Without them the planner guesses, and a plan made while a table was
// nearly empty stays: on the bench's rebuilt store the trades list's first page read all 20,000 of a
// student's trades and sorted them (6 ms instead of 0.1), and a replay into empty tables read each batch's
// stored rows by scanning the whole table, slower with every batch (BENCHMARKS.md, 2026-11-30). So a replay
// analyses each table as it grows and all of them at its end, as a bulk load should.

/** A table is first analysed once it fills this many pages (8 kB each), then each time it doubles. */
const FIRST_ANALYSED_PAGES = 16;

/** Gathers the planner's statistics for every table of the current schema; a failure is logged, not thrown. */
export async function refreshPlannerStatistics(db: Knex, logger: Logger): Promise<void> {
  try {
    const tables: string[] = await db('pg_tables')
      .where('schemaname', db.raw('current_schema()'))
      .orderBy('tablename')
      .pluck('tablename');
    await analyse(db, tables);
  } catch (error) {
    logger.warn({ err: error }, 'the planner statistics were not gathered after the replay');
  }
}

/**
 * Analyses the tables of the current schema that have at least doubled on disk since they were last
 * analysed (or, never analysed, reached FIRST_ANALYSED_PAGES); answers their names. One catalogue read when
 * none has.
 */
export async function analyseGrownTables(db: Knex | Knex.Transaction): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
        and pg_relation_size(c.oid) / current_setting('block_size')::int >= greatest(?, 2 * c.relpages)
      order by c.relname`,
    [FIRST_ANALYSED_PAGES],
  );
  const tables = rows.map((row) => row.name);
  await analyse(db, tables);
  return tables;
}

async function analyse(db: Knex | Knex.Transaction, tables: readonly string[]) {
  if (tables.length > 0) await db.raw(`analyze ${tables.map(() => '??').join(', ')}`, tables);
}
