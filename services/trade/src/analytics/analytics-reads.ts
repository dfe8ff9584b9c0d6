import { prepared } from '@yoman/platform';
import type { Knex } from 'knex';
import { EMPTY_SUMS, type GroupSums } from './figures';
import { type DayRange, type PeriodRows, periodRowsOf, selectOverPeriod } from './periods';

// The SQL behind the dashboard and analytics: each read a part, and every part of a request answered by one
// statement (one round trip; on the embedded database each statement costs more than its rows).

export interface SqlPart {
  sql: string;
  bindings: Knex.Value[];
  /** Column the part's rows keep their order by. */
  orderBy?: string;
}

/** Runs the parts as one statement: each part's rows come back as a JSON list under its name. */
export async function readTogether<Name extends string>(
  db: Knex,
  parts: Record<Name, SqlPart>,
): Promise<Record<Name, Record<string, unknown>[]>> {
  const names = Object.keys(parts) as Name[];
  const columns = names.map((name, index) => {
    const { sql, orderBy } = parts[name];
    const order = orderBy ? ` order by p${index}.${orderBy}` : '';
    return `(select coalesce(json_agg(p${index}${order}), '[]'::json) from (${sql}) p${index}) as "${name}"`;
  });
  const { rows } = await prepared(
    db.raw<{ rows: Record<Name, unknown>[] }>(
      `select ${columns.join(', ')}`,
      names.flatMap((name) => parts[name].bindings),
    ),
  );
  const row = rows[0] as Record<Name, unknown>;
  return Object.fromEntries(
    names.map((name) => {
      const value = row[name];
      return [name, (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[]];
    }),
  ) as Record<Name, Record<string, unknown>[]>;
}

export type Dimension = 'total' | 'session' | 'setup' | 'symbol' | 'hour' | 'weekday' | 'heat' | 'bucket';
export type Groups = Map<Dimension, Map<string, GroupSums>>;

const SUM_COLUMNS = 'trades, wins, losses, r_trades, net_r, loss_r_trades, loss_r, hold_minutes, screenshots';
const SUMS_SQL = `sum(trades)::int as trades, sum(wins)::int as wins, sum(losses)::int as losses,
  sum(r_trades)::int as r_trades, sum(net_r)::float8 as net_r, sum(loss_r_trades)::int as loss_r_trades,
  sum(loss_r)::float8 as loss_r, sum(hold_minutes)::float8 as hold_minutes, sum(screenshots)::int as screenshots`;

/** A row of sums as read back. */
export const sumsOfRow = (row: Record<string, unknown>): GroupSums => ({
  trades: Number(row.trades ?? 0),
  wins: Number(row.wins ?? 0),
  losses: Number(row.losses ?? 0),
  rTrades: Number(row.r_trades ?? 0),
  netR: Number(row.net_r ?? 0),
  lossRTrades: Number(row.loss_r_trades ?? 0),
  lossR: Number(row.loss_r ?? 0),
  holdMinutes: Number(row.hold_minutes ?? 0),
  screenshots: Number(row.screenshots ?? 0),
});

/** A user's sums over a range of days by dimension and key, for the dimensions asked. */
export function groupsPart(userId: string, range: DayRange, dimensions: readonly Dimension[]): SqlPart {
  const selected = selectOverPeriod(periodRowsOf(range), `dimension, key, ${SUM_COLUMNS}`, {
    sql: `user_id = ? and dimension in (${dimensions.map(() => '?').join(', ')})`,
    bindings: [userId, ...dimensions],
  });
  return {
    sql: `select dimension, key, ${SUMS_SQL} from (${selected.sql}) picked group by dimension, key`,
    bindings: selected.bindings,
  };
}

/** The rows of a groups part by dimension and key. */
export function groupsOf(rows: readonly Record<string, unknown>[], dimensions: readonly Dimension[]): Groups {
  const groups: Groups = new Map(dimensions.map((name) => [name, new Map()]));
  for (const row of rows) groups.get(row.dimension as Dimension)?.set(String(row.key), sumsOfRow(row));
  return groups;
}

export const totalOf = (groups: Groups) => groups.get('total')?.get('') ?? EMPTY_SUMS;
export const dimensionOf = (groups: Groups, name: Dimension) =>
  groups.get(name) ?? new Map<string, GroupSums>();

/** A user's day sequence summaries over a range, in date order. */
export const daysPart = (userId: string, range: Required<DayRange>): SqlPart => ({
  sql: `select * from trade_analytics_days where user_id = ? and date between ? and ?`,
  bindings: [userId, range.from, range.to],
  orderBy: 'date',
});

export const streaksPart = (userId: string): SqlPart => ({
  sql: `select current_streak, max_win_streak, max_loss_streak from trade_analytics_streaks where user_id = ?`,
  bindings: [userId],
});

/** The names of the user's library setups (a handful of rows). */
export const setupNamesPart = (userId: string): SqlPart => ({
  sql: `select id, name from trade_setups where user_id = ?`,
  bindings: [userId],
});

/** Net R and trades of each day or month of a range (all time: every month). */
export function totalsPart(userId: string, range: DayRange): SqlPart {
  const rows = periodRowsOf(range);
  const everyMonth: PeriodRows = { grain: 'mixed', months: ['0000-01', '9999-12'], days: [] };
  return selectOverPeriod(
    rows.grain === 'all' ? everyMonth : rows,
    'period, net_r::float8 as net_r, trades',
    {
      sql: `user_id = ? and dimension = 'total'`,
      bindings: [userId],
    },
  );
}

/** Each other member of an organisation with their sums over a range. */
export function peersPart(organisationId: string, userId: string, range: DayRange): SqlPart {
  const selected = selectOverPeriod(periodRowsOf(range), `user_id, ${SUM_COLUMNS}`, {
    sql: `user_id in (select user_id from trade_analytics_members where organisation_id = ? and user_id <> ?)
      and dimension = 'total'`,
    bindings: [organisationId, userId],
  });
  return {
    sql: `select user_id, ${SUMS_SQL} from (${selected.sql}) picked group by user_id`,
    bindings: selected.bindings,
  };
}
