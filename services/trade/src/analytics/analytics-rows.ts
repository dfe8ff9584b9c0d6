import { randomUUID } from 'node:crypto';
import { prepared } from '@yoman/platform';
import type { Knex } from 'knex';

// Keeps each statement well under Postgres' 65,535 bind parameters whatever the runner's batch size.
const ROWS_PER_STATEMENT = 1000;

export function inChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

export const keyOf = (userId: string, period: string) => `${userId}\n${period}`;

/** Gives these users a fresh stamp: answers computed from their rows before are out of date. */
export const stampWrites = (table: string, users: readonly string[]) =>
  upsertPart(
    table,
    ['user_id'],
    users.map((user_id) => ({ user_id, stamp: randomUUID() })),
  );

/** One statement of a batch's writes; `name` lets a later part read this one's rows. */
export interface WritePart {
  name?: string;
  sql: string;
  bindings: readonly Knex.Value[];
}

/** Rows as one JSON parameter read as the table's rows: one binding however many rows. */
const rowsOf = (table: string) => `jsonb_populate_recordset(null::${table}, ?::jsonb)`;

/**
 * Inserts these rows; a row whose key is kept already either keeps the stored row (`keepStored`) or takes
 * the new row's other columns (only where `onlyIf` holds, when given).
 */
export function upsertPart(
  table: string,
  keys: readonly string[],
  rows: readonly object[],
  options: { onlyIf?: string; keepStored?: boolean } = {},
): WritePart[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const set = columns
    .filter((column) => !keys.includes(column))
    .map((column) => `${column} = excluded.${column}`);
  const onConflict = options.keepStored
    ? 'do nothing'
    : `do update set ${set.join(', ')}${options.onlyIf ? ` where ${options.onlyIf}` : ''}`;
  return [
    {
      sql: `insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from ${rowsOf(table)}
        on conflict (${keys.join(', ')}) ${onConflict}`,
      bindings: [JSON.stringify(rows)],
    },
  ];
}

/**
 * Deletes the rows with these keys, given with their SQL types; each key column is an array parameter, whose
 * length the planner knows, so a few keys are a few index probes whatever the table's size.
 */
export function deletePart(
  table: string,
  keys: Readonly<Record<string, string>>,
  rows: readonly Record<string, string>[],
): WritePart[] {
  if (rows.length === 0) return [];
  const names = Object.keys(keys);
  const arrays = names.map((name) => `?::${keys[name]}[]`).join(', ');
  return [
    {
      sql: `delete from ${table} where (${names.join(', ')}) in (select * from unnest(${arrays}))`,
      bindings: names.map((name) => rows.map((row) => row[name])),
    },
  ];
}

/**
 * Runs the parts as one statement (`with w0 as (…), w1 as (…) select 1`): every part sees the rows as they
 * were before the statement, so no two parts may write the same row.
 */
export async function writeTogether(trx: Knex.Transaction, parts: readonly WritePart[]) {
  if (parts.length === 0) return;
  const ctes = parts.map((part, index) => `${part.name ?? `w${index}`} as (${part.sql})`);
  await prepared(
    trx.raw(
      `with ${ctes.join(',\n')} select 1`,
      parts.flatMap((part) => part.bindings),
    ),
  );
}

export async function stampUsers(trx: Knex.Transaction, table: string, users: readonly string[]) {
  await writeTogether(trx, stampWrites(table, users));
}
