import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** Names by statement text; the texts are few by construction (see `prepared`), this only caps a mistake. */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `yoman_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/** True for a database (or a statement) on PostgreSQL through node-postgres, false on PGlite. */
export const onNodePostgres = (on: Knex | Knex.Raw | Knex.QueryBuilder) =>
  (on as unknown as { client: { config: { client?: unknown } } }).client.config.client === 'pg';

/**
 * Runs a statement as a named prepared statement on PostgreSQL: each connection parses it once, and plans it
 * once too where PostgreSQL finds its generic plan as good as a custom one; then it only binds and runs it.
 * The projector's statements are a few texts run many times a second, and parsing and planning them (their
 * common table expressions above all) was a large part of their time (BENCHMARKS.md, 2026-11-27). Only for
 * statements whose text is one of a few, every value a parameter: a connection keeps each text it prepared
 * for its life. On PGlite the embedded client runs every data statement prepared (pglite-statements.ts), so
 * this names nothing there.
 */
export function prepared<Query extends Knex.Raw | Knex.QueryBuilder>(query: Query): Query {
  if (!onNodePostgres(query)) return query;
  return query.options({ name: nameOf(query.toSQL().sql) }) as Query;
}
