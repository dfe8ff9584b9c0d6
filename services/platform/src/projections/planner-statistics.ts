import type { Knex } from 'knex';
import type { Logger } from 'pino';

// A replay empties the read models and fills them again in one go. PostgreSQL plans each query from the
// statistics ANALYZE gathers about its tables; autovacuum gathers them some time after the rows change, and
// PGlite, which runs no autovacuum, never does. Until then the planner guesses: on the bench's rebuilt store it
// read all 20,000 of a student's trades and sorted them for the trades list's first page (6 ms instead of
// 0.1), 160 pages a second (BENCHMARKS.md, 2026-11-30). So a replay ends by analysing the tables of the
// schema it wrote, as a bulk load should.

/** Gathers the planner's statistics for every table of the current schema; a failure is logged, not thrown. */
export async function refreshPlannerStatistics(db: Knex, logger: Logger): Promise<void> {
  try {
    const tables: string[] = await db('pg_tables')
      .where('schemaname', db.raw('current_schema()'))
      .orderBy('tablename')
      .pluck('tablename');
    if (tables.length > 0) await db.raw(`analyze ${tables.map(() => '??').join(', ')}`, tables);
  } catch (error) {
    logger.warn({ err: error }, 'the planner statistics were not gathered after the replay');
  }
}
