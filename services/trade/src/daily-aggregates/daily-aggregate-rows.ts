import { TRUST_THRESHOLDS } from '@yoman/contracts';
import { prepared } from '@yoman/platform';
import type { Knex } from 'knex';
import type { OwnedRows } from '../owner-locks';

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

const TRADE_DAY_COLUMNS = `trade_id, user_id, to_char(date, 'YYYY-MM-DD') as date, session,
  r_multiple::text as r_multiple, pnl_usd::text as pnl_usd, pnl_ils::text as pnl_ils, has_screenshot, trust_score`;

/** The stored rows of these trades, numbers read back as text so they stay exact. */
export const storedTradeDays = (tradeIds: readonly string[]): OwnedRows => ({
  sql: `select ${TRADE_DAY_COLUMNS} from daily_aggregate_trades where trade_id = any(?::uuid[])`,
  bindings: [[...tradeIds]],
});

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

const DAY_COLUMNS = `user_id, date, net_r, net_pnl_ils, total_trades, winning_trades, r_trades, all_have_screenshots,
  has_low_trust, asia_net_r, asia_trades, london_net_r, london_trades, new_york_net_r, new_york_trades`;

/** A set of trade rows summed into day rows (the columns of DAY_COLUMNS), grouped by user and day. */
const DAY_SUMS = `select user_id, date, coalesce(sum(r_multiple), 0), sum(pnl_ils), count(*)::int, ${wins},
    count(r_multiple)::int, bool_and(has_screenshot), bool_or(trust_score < ?),
    ${sessionR('asia')}, ${sessionTrades('asia')}, ${sessionR('london')}, ${sessionTrades('london')},
    ${sessionR('new_york')}, ${sessionTrades('new_york')}`;

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
      `insert into daily_aggregates (${DAY_COLUMNS})
       ${DAY_SUMS}
       from daily_aggregate_trades
       where (user_id, date) in (select * from ${list.sql} as d(user_id, date))
       group by user_id, date`,
      [TRUST_THRESHOLDS.medium, ...list.bindings],
    );
  }
}

const TRADE_DAY_FIELDS =
  'trade_id, user_id, date, session, r_multiple, pnl_usd, pnl_ils, has_screenshot, trust_score';
const TRADE_DAY_UPDATE = TRADE_DAY_FIELDS.split(', ')
  .slice(1)
  .map((column) => `${column} = excluded.${column}`)
  .join(', ');

/** Stored sum plus the joining trades' sum, for each summed column of a day row. */
const ADDED = ['net_r', 'net_pnl_ils', 'total_trades', 'winning_trades', 'r_trades']
  .concat(['asia', 'london', 'new_york'].flatMap((session) => [`${session}_net_r`, `${session}_trades`]))
  .map((column) => `${column} = daily_aggregates.${column} + excluded.${column}`)
  .join(', ');

/**
 * Adds trades to days none of whose stored trades changed, in one grouped upsert: a stored day's sums grow by
 * the new trades' sums, its flags combine with theirs. The row is exactly the one `recomputeDays` would write
 * (a numeric sum keeps the largest scale of its terms either way), without reading the day's other trades,
 * so a save costs the same on a busy day as on a quiet one. With `storing`, the trades' own rows are written
 * (upsert) in the same statement: the whole write of a batch that only logs trades.
 */
export async function addToDays(
  trx: Knex.Transaction,
  joining: readonly TradeDayRow[],
  options: { storing?: boolean } = {},
): Promise<void> {
  if (joining.length === 0) return;
  const rows = JSON.stringify(joining);
  const store = options.storing
    ? `with stored as (
         insert into daily_aggregate_trades (${TRADE_DAY_FIELDS})
         select ${TRADE_DAY_FIELDS} from jsonb_populate_recordset(null::daily_aggregate_trades, ?::jsonb)
         on conflict (trade_id) do update set ${TRADE_DAY_UPDATE}
       ) `
    : '';
  await prepared(
    trx.raw(
      `${store}insert into daily_aggregates (${DAY_COLUMNS})
     ${DAY_SUMS}
     from jsonb_to_recordset(?::jsonb) as t(user_id text, date date, session text, r_multiple numeric,
       pnl_usd numeric, pnl_ils numeric, has_screenshot boolean, trust_score int)
     group by user_id, date
     on conflict (user_id, date) do update set ${ADDED},
       all_have_screenshots = daily_aggregates.all_have_screenshots and excluded.all_have_screenshots,
       has_low_trust = daily_aggregates.has_low_trust or excluded.has_low_trust`,
      [...(options.storing ? [rows] : []), TRUST_THRESHOLDS.medium, rows],
    ),
  );
}
