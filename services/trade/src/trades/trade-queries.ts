import { R_RANGES, TRUST_THRESHOLDS, type Trade, type TradesQuery } from '@yoman/contracts';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';

/** A `trades` row as the database gives it back (numeric as strings, timestamps as Date or text). */
interface TradeRow {
  id: string;
  symbol: string;
  asset_type: Trade['assetType'];
  direction: Trade['direction'];
  session: Trade['session'];
  setup: Trade['setup'];
  entry_price: string;
  exit_price: string;
  stop_price: string | null;
  target_price: string | null;
  position_size: string;
  fees: string;
  pnl_usd: string;
  pnl_ils: string;
  r_multiple: string | null;
  entry_time: Date | string;
  exit_time: Date | string;
  notes: string | null;
  screenshot_url: string | null;
  screenshot_sha256: string | null;
  is_locked: boolean;
  lock_at: Date | string;
  trust_score: number;
}

const instant = (value: Date | string) => new Date(value).toISOString();
const decimal = (value: string | number) => String(value);
const optionalDecimal = (value: string | number | null) => (value === null ? null : String(value));

/** A read-model row in the shape of the API's Trade. */
export function tradeOf(row: TradeRow): Trade {
  return {
    id: row.id,
    symbol: row.symbol,
    assetType: row.asset_type,
    direction: row.direction,
    session: row.session,
    setup: row.setup,
    entryPrice: decimal(row.entry_price),
    exitPrice: decimal(row.exit_price),
    stopPrice: optionalDecimal(row.stop_price),
    targetPrice: optionalDecimal(row.target_price),
    positionSize: decimal(row.position_size),
    fees: decimal(row.fees),
    pnlUsd: decimal(row.pnl_usd),
    pnlIls: decimal(row.pnl_ils),
    rMultiple: optionalDecimal(row.r_multiple),
    entryTime: instant(row.entry_time),
    exitTime: instant(row.exit_time),
    notes: row.notes,
    hasScreenshot: row.screenshot_url !== null,
    screenshotUrl: row.screenshot_url,
    screenshotSha256: row.screenshot_sha256,
    isLocked: row.is_locked,
    lockAt: instant(row.lock_at),
    trustScore: row.trust_score,
  };
}

/** One of the user's trades, or undefined (another user's trade is as good as missing). */
export async function findTrade(db: Knex, userId: string, tradeId: string): Promise<Trade | undefined> {
  const row: TradeRow | undefined = await db('trades').where({ id: tradeId, user_id: userId }).first();
  return row && tradeOf(row);
}

/** Time windows around high-impact economic events, for the `news` filter; given by the market module. */
export type NewsWindows = (range: { from: Date; to: Date }) => Promise<{ start: Date; end: Date }[]>;

export interface TradeListContext {
  userId: string;
  /** The user's display time zone: `dateRange` periods start at midnight there. */
  timezone: string;
  now: Date;
  newsWindows?: NewsWindows;
}

/** Start of a `dateRange` period in the user's zone; weeks start on Sunday (spec §9). */
export function periodStartOf(
  range: NonNullable<TradesQuery['dateRange']>,
  now: Date,
  timezone: string,
): Date {
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  switch (range) {
    case 'today':
      return today.toJSDate();
    case 'week':
      return today.minus({ days: today.weekday % 7 }).toJSDate();
    case 'month':
      return today.startOf('month').toJSDate();
    case 'quarter':
      return today.startOf('quarter').toJSDate();
    case 'year':
      return today.startOf('year').toJSDate();
    default: {
      const unknown: never = range;
      throw new Error(`unknown date range ${String(unknown)}`);
    }
  }
}

/** The user's trades matching the list's range and filters, newest exit first. */
export async function listTrades(db: Knex, query: TradesQuery, context: TradeListContext): Promise<Trade[]> {
  const select = db('trades')
    .where({ user_id: context.userId })
    .orderBy([{ column: 'exit_time', order: 'desc' }, { column: 'id' }]);
  if (query.startDate) select.where('exit_time', '>=', query.startDate);
  if (query.endDate) select.where('exit_time', '<=', query.endDate);
  if (query.dateRange)
    select.where('exit_time', '>=', periodStartOf(query.dateRange, context.now, context.timezone));
  if (query.session) select.where({ session: query.session });
  if (query.setup) select.where({ setup: query.setup });
  if (query.asset) select.where({ asset_type: query.asset });
  if (query.result === 'win') select.where('pnl_usd', '>', 0);
  if (query.result === 'loss') select.where('pnl_usd', '<', 0);
  if (query.rRange) {
    const range = R_RANGES.find((candidate) => candidate.key === query.rRange);
    select.whereNotNull('r_multiple');
    if (range?.min !== null && range?.min !== undefined) select.where('r_multiple', '>=', range.min);
    if (range?.max !== null && range?.max !== undefined) select.where('r_multiple', '<', range.max);
  }
  if (query.trust === 'high') select.where('trust_score', '>=', TRUST_THRESHOLDS.high);
  if (query.trust === 'medium')
    select.whereBetween('trust_score', [TRUST_THRESHOLDS.medium, TRUST_THRESHOLDS.high - 1]);
  if (query.trust === 'low') select.where('trust_score', '<', TRUST_THRESHOLDS.medium);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select.where((where) =>
      where.whereILike('symbol', pattern).orWhereILike('setup', pattern).orWhereILike('notes', pattern),
    );
  }
  const trades = ((await select) as TradeRow[]).map(tradeOf);
  return query.news === undefined ? trades : filterByNews(trades, query.news, context);
}

/** Keeps trades open within 30 minutes of a high-impact event (news=true) or the others (news=false). */
async function filterByNews(trades: Trade[], news: boolean, context: TradeListContext): Promise<Trade[]> {
  if (!context.newsWindows) {
    // Without an economic calendar the journal's own record of news trades is the setup the student chose.
    return trades.filter((trade) => (trade.setup === 'news') === news);
  }
  if (trades.length === 0) return trades;
  const margin = 30 * 60_000;
  const times = trades.flatMap((trade) => [Date.parse(trade.entryTime), Date.parse(trade.exitTime)]);
  const windows = await context.newsWindows({
    from: new Date(Math.min(...times) - margin),
    to: new Date(Math.max(...times) + margin),
  });
  const aroundNews = (trade: Trade) =>
    windows.some(
      (window) =>
        Date.parse(trade.entryTime) - margin <= window.end.getTime() &&
        Date.parse(trade.exitTime) + margin >= window.start.getTime(),
    );
  return trades.filter((trade) => aroundNews(trade) === news);
}
