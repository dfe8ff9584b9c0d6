import type { DailyAggregate } from '@yoman/contracts';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';

interface DailyAggregateRow {
  date: string;
  net_r: string;
  net_pnl_ils: string;
  total_trades: number;
  winning_trades: number;
  r_trades: number;
  all_have_screenshots: boolean;
  has_low_trust: boolean;
  asia_net_r: string;
  asia_trades: number;
  london_net_r: string;
  london_trades: number;
  new_york_net_r: string;
  new_york_trades: number;
}

const COLUMNS = [
  'net_r',
  'net_pnl_ils',
  'total_trades',
  'winning_trades',
  'r_trades',
  'all_have_screenshots',
  'has_low_trust',
  'asia_net_r',
  'asia_trades',
  'london_net_r',
  'london_trades',
  'new_york_net_r',
  'new_york_trades',
];

/** A read-model row in the shape of the API's DailyAggregate. */
function dailyAggregateOf(row: DailyAggregateRow): DailyAggregate {
  return {
    date: row.date,
    netR: String(row.net_r),
    netPnlIls: String(row.net_pnl_ils),
    totalTrades: row.total_trades,
    winningTrades: row.winning_trades,
    rTrades: row.r_trades,
    allHaveScreenshots: row.all_have_screenshots,
    hasLowTrust: row.has_low_trust,
    sessionBreakdown: {
      asia: { netR: String(row.asia_net_r), trades: row.asia_trades },
      london: { netR: String(row.london_net_r), trades: row.london_trades },
      newYork: { netR: String(row.new_york_net_r), trades: row.new_york_trades },
    },
  };
}

/** The empty day: what the calendar shows for a date without trades. */
export function emptyDay(date: string): DailyAggregate {
  const none = { netR: '0', trades: 0 };
  return {
    date,
    netR: '0',
    netPnlIls: '0',
    totalTrades: 0,
    winningTrades: 0,
    rTrades: 0,
    allHaveScreenshots: false,
    hasLowTrust: false,
    sessionBreakdown: { asia: none, london: none, newYork: none },
  };
}

const selectDays = (db: Knex, userId: string) =>
  db('daily_aggregates')
    .where({ user_id: userId })
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') as date`), ...COLUMNS)
    .orderBy('date');

/** One user's day (an empty day when there were no trades). */
export async function findDailyAggregate(db: Knex, userId: string, date: string): Promise<DailyAggregate> {
  const row: DailyAggregateRow | undefined = await selectDays(db, userId).where('date', date).first();
  return row ? dailyAggregateOf(row) : emptyDay(date);
}

/** The days of one month that have trades, in date order. */
export async function listDailyAggregates(
  db: Knex,
  userId: string,
  year: number,
  month: number,
): Promise<DailyAggregate[]> {
  const first = DateTime.fromObject({ year, month, day: 1 });
  const rows: DailyAggregateRow[] = await selectDays(db, userId).whereBetween('date', [
    first.toISODate() as string,
    first.endOf('month').toISODate() as string,
  ]);
  return rows.map(dailyAggregateOf);
}
