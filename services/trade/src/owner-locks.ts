import type { TradeEvent } from '@yoman/contracts';
import { prepared } from '@yoman/platform';
import type { Knex } from 'knex';

// The trade read models that sum several trades into a user's rows (daily aggregates, analytics) serialise
// their batches per user: a user's trades are different streams, on different Kafka partitions, so two
// projector transactions may change the same rows at once.

/** A select of rows that name their owner in `user_id`. */
export interface OwnedRows {
  sql: string;
  bindings: readonly Knex.Value[];
}

/**
 * The owners' transaction locks in `namespace`, taken in sorted order (so no two batches wait in a cycle), as
 * one expression whatever their number: the statement's text stays the same and is planned once.
 */
function lockExpression(namespace: number, owners: Iterable<string>) {
  return {
    sql: '(select count(pg_advisory_xact_lock(?, hashtext(owner))) from unnest(?::text[]) as owner)',
    bindings: [namespace, [...new Set(owners)].sort()],
  };
}

/**
 * Locks the users of a batch of trade events and reads the stored rows of its trades (`rowsOf` their ids),
 * in one statement; answers the rows by trade id.
 */
export async function lockAndReadTrades<Row extends { user_id: string; trade_id: string }>(
  trx: Knex.Transaction,
  namespace: number,
  events: readonly TradeEvent[],
  rowsOf: (tradeIds: readonly string[]) => OwnedRows,
): Promise<Map<string, Row>> {
  const users = new Set(events.map((event) => event.data.userId));
  const tradeIds = [...new Set(events.map((event) => event.data.tradeId))];
  const rows = await lockOwnersAndRead<Row>(trx, namespace, users, rowsOf(tradeIds));
  return new Map(rows.map((row) => [row.trade_id, row]));
}

/**
 * Takes these owners' locks and reads `rows` in one statement, the locks first; a row of another owner (a
 * trade id used again by someone else) has its owner locked next. Reading a batch's trades before their
 * owner's lock is safe: a trade's events come in one stream, which one batch at a time applies.
 */
async function lockOwnersAndRead<Row extends { user_id: string }>(
  trx: Knex.Transaction,
  namespace: number,
  owners: ReadonlySet<string>,
  rows: OwnedRows,
): Promise<Row[]> {
  const locks = lockExpression(namespace, owners);
  const { rows: result } = await prepared(
    trx.raw<{ rows: { rows: Row[] | string }[] }>(
      `select ${locks.sql} as locked, (select coalesce(json_agg(r), '[]'::json) from (${rows.sql}) r) as rows`,
      [...locks.bindings, ...rows.bindings],
    ),
  );
  const found = result[0].rows;
  const list = typeof found === 'string' ? (JSON.parse(found) as Row[]) : found;
  const others = list.map((row) => row.user_id).filter((owner) => !owners.has(owner));
  if (others.length > 0) {
    const more = lockExpression(namespace, others);
    await prepared(trx.raw(`select ${more.sql} as locked`, more.bindings));
  }
  return list;
}
