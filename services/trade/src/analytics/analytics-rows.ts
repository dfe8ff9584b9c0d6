import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

// Keeps each statement well under Postgres' 65,535 bind parameters whatever the runner's batch size.
const ROWS_PER_STATEMENT = 1000;

export function inChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

export interface UserPeriod {
  user_id: string;
  period: string;
}

/** `(values (?, ?), …)` for a list of a user's periods, with its bindings. */
export function periodList(keys: readonly UserPeriod[]) {
  return {
    sql: `(values ${keys.map(() => '(?, ?)').join(', ')})`,
    bindings: keys.flatMap((key) => [key.user_id, key.period]),
  };
}

export const keyOf = (userId: string, period: string) => `${userId}\n${period}`;

/** Gives these users a fresh stamp: answers computed from their rows before are out of date. */
export async function stampUsers(trx: Knex.Transaction, table: string, users: readonly string[]) {
  for (const chunk of inChunks(users)) {
    const rows = chunk.map((user_id) => ({ user_id, stamp: randomUUID() }));
    await trx(table).insert(rows).onConflict('user_id').merge();
  }
}
