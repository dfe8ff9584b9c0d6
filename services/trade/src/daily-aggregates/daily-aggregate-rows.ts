import { TRUST_THRESHOLDS } from '@yoman/contracts';
import type { Knex } from 'knex';

/** A user's calendar day (date as YYYY-MM-DD in the user's time zone). */
export interface DayKey {
  user_id: string;
  date: string;
}

/** A `daily_aggregate_trades` row: what a live trade adds to its day. Money and R stay exact strings. */
export interface TradeDayRow extends DayKey {
  trade_id: string;
  session: string;
  r_multiple: string | null;
  pnl_usd: string;
  pnl_ils: string;
  has_screenshot: boolean;
  trust_score: number;
}

// Keeps each statement well under Postgres' 65,535 bind parameters whatever the runner's batch size.
const ROWS_PER_STATEMENT = 1000;

function inChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

/** The stored rows of these trades, in one query per chunk; numbers read back as text so they stay exact. */
export async function loadTradeDays(
  trx: Knex.Transaction,
  tradeIds: readonly string[],
): Promise<Map<string, TradeDayRow>> {
  const rows = new Map<string, TradeDayRow>();
  for (const chunk of inChunks(tradeIds)) {
    const found: TradeDayRow[] = await trx('daily_aggregate_trades')
      .whereIn('trade_id', chunk)
      .select(
        'trade_id',
        'user_id',
        trx.raw(`to_char(date, 'YYYY-MM-DD') as date`),
        'session',
        trx.raw('r_multiple::text as r_multiple'),
        trx.raw('pnl_usd::text as pnl_usd'),
        trx.raw('pnl_ils::text as pnl_ils'),
        'has_screenshot',
        'trust_score',
      );
    for (const row of found) rows.set(row.trade_id, row);
  }
  return rows;
}

/** Writes the trades' new rows (upsert) and removes the deleted ones. */
export async function saveTradeDays(
  trx: Knex.Transaction,
  saved: readonly TradeDayRow[],
  deletedIds: readonly string[],
): Promise<void> {
  for (const chunk of inChunks(deletedIds))
    await trx('daily_aggregate_trades').whereIn('trade_id', chunk).delete();
  for (const chunk of inChunks(saved))
    await trx('daily_aggregate_trades').insert(chunk).onConflict('trade_id').merge();
}

/** `(values (?, ?::date), …)` for a list of days, with its bindings. */
function dayList(days: readonly DayKey[]): { sql: string; bindings: string[] } {
  return {
    sql: `(values ${days.map(() => '(?, ?::date)').join(', ')})`,
    bindings: days.flatMap((day) => [day.user_id, day.date]),
  };
}

const wins = 'count(*) filter (where pnl_usd > 0)::int';
const sessionR = (session: string) => `coalesce(sum(r_multiple) filter (where session = '${session}'), 0)`;
const sessionTrades = (session: string) => `count(*) filter (where session = '${session}')::int`;

/**
 * Recomputes these days from their trades, all in one delete and one grouped insert per chunk; a day left
 * without trades has no row.
 */
export async function recomputeDays(trx: Knex.Transaction, days: readonly DayKey[]): Promise<void> {
  for (const chunk of inChunks(days)) {
    const list = dayList(chunk);
    await trx.raw(
      `delete from daily_aggregates where (user_id, date) in (select * from ${list.sql} as d(user_id, date))`,
      list.bindings,
    );
    await trx.raw(
      `insert into daily_aggregates (user_id, date, net_r, net_pnl_ils, total_trades, winning_trades, r_trades,
         all_have_screenshots, has_low_trust, asia_net_r, asia_trades, london_net_r, london_trades,
         new_york_net_r, new_york_trades)
       select user_id, date, coalesce(sum(r_multiple), 0), sum(pnl_ils), count(*)::int, ${wins},
         count(r_multiple)::int, bool_and(has_screenshot), bool_or(trust_score < ?),
         ${sessionR('asia')}, ${sessionTrades('asia')}, ${sessionR('london')}, ${sessionTrades('london')},
         ${sessionR('new_york')}, ${sessionTrades('new_york')}
       from daily_aggregate_trades
       where (user_id, date) in (select * from ${list.sql} as d(user_id, date))
       group by user_id, date`,
      [TRUST_THRESHOLDS.medium, ...list.bindings],
    );
  }
}
