import {
  R_RANGES,
  TRUST_THRESHOLDS,
  type Trade,
  type TradesCursor,
  type TradesQuery,
} from '@yoman/contracts';
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
  setup_id: string | null;
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

/** The columns a Trade is read from (not the whole row: every column read costs time on a page). */
const TRADE_COLUMNS = [
  'id',
  'symbol',
  'asset_type',
  'direction',
  'session',
  'setup',
  'setup_id',
  'entry_price',
  'exit_price',
  'stop_price',
  'target_price',
  'position_size',
  'fees',
  'pnl_usd',
  'pnl_ils',
  'r_multiple',
  'entry_time',
  'exit_time',
  'notes',
  'screenshot_url',
  'screenshot_sha256',
  'is_locked',
  'lock_at',
  'trust_score',
] as const satisfies readonly (keyof TradeRow)[];

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
    setupId: row.setup_id,
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
  const row: TradeRow | undefined = await db('trades')
    .where({ id: tradeId, user_id: userId })
    .first(...TRADE_COLUMNS);
  return row && tradeOf(row);
}

/** Time windows around high-impact economic events, for the `news` filter; given by the market module. */
export type NewsWindows = (range: { from: Date; to: Date }) => Promise<{ start: Date; end: Date }[]>;

export interface TradeListContext {
  userId: string;
  /** The user's display time zone: `dateRange` periods start at midnight there (needed only with one). */
  timezone?: string;
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

/** One page of the trades list, and where the next one starts (none on the last page). */
export interface TradePage {
  trades: Trade[];
  next?: TradesCursor;
}

type PagedRow = TradeRow & { cursor_time: string };

const NEWEST_EXIT_FIRST = [
  { column: 'exit_time', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/** The user's trades matching the list's range and filters (spec §7), without order or paging. */
function filteredTrades(db: Knex, query: TradesQuery, context: TradeListContext) {
  const select = db('trades').select(TRADE_COLUMNS).where({ user_id: context.userId });
  if (query.startDate) select.where('exit_time', '>=', query.startDate);
  if (query.endDate) select.where('exit_time', '<=', query.endDate);
  if (query.dateRange) {
    if (!context.timezone) throw new Error('a dateRange period needs the user time zone');
    select.where('exit_time', '>=', periodStartOf(query.dateRange, context.now, context.timezone));
  }
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
  if (query.news !== undefined && !context.newsWindows) {
    // Without an economic calendar the journal's own record of news trades is the setup the student chose.
    if (query.news) select.where({ setup: 'news' });
    else select.whereRaw(`setup is distinct from 'news'`);
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select.where((where) =>
      where.whereILike('symbol', pattern).orWhereILike('setup', pattern).orWhereILike('notes', pattern),
    );
  }
  return select;
}

/** The user's trades matching the list's range and filters, newest exit first: all, or one page with `limit`. */
export async function listTrades(
  db: Knex,
  query: TradesQuery,
  context: TradeListContext,
): Promise<TradePage> {
  if (query.limit !== undefined) return tradePage(db, query, context, query.limit);
  const rows: TradeRow[] = await filteredTrades(db, query, context).orderBy([...NEWEST_EXIT_FIRST]);
  const trades = rows.map(tradeOf);
  return { trades: aroundNews(query, context) ? await filterByNews(trades, query, context) : trades };
}

/** Largest batch read for the news filter in one query. */
const MAX_NEWS_BATCH = 1_000;

const POSTGRES_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * Postgres' text of a timestamptz ('2026-03-01 12:00:00.000123+02', in the session's zone) as the UTC instant
 * to the microsecond a cursor carries ('2026-03-01T10:00:00.000123Z'). A Date would drop the microseconds.
 */
export function cursorTimeOf(text: string): string {
  const parts = POSTGRES_INSTANT.exec(text);
  if (!parts) throw new Error(`unexpected timestamptz text: ${text}`);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetH, offsetM, offsetS] = parts;
  const offsetSeconds =
    (sign === '-' ? -1 : 1) * (Number(offsetH) * 3600 + Number(offsetM ?? 0) * 60 + Number(offsetS ?? 0));
  const utc = new Date(0);
  utc.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  utc.setUTCHours(Number(hour), Number(minute), Number(second) - offsetSeconds, 0);
  return `${utc.toISOString().slice(0, 19)}.${fraction.padEnd(6, '0')}Z`;
}

/**
 * A page after `query.cursor` by the keyset (exit_time, id): rows inserted or deleted elsewhere in the list
 * never shift it, so paging on returns every trade that was there once. A news filter on the economic
 * calendar runs after the database's, so batches (twice as large each time) are read until the page is full
 * or the list ends.
 */
async function tradePage(db: Knex, query: TradesQuery, context: TradeListContext, limit: number) {
  const kept: { trade: Trade; cursor: TradesCursor }[] = [];
  let after = query.cursor;
  let batchSize = limit + 1;
  for (;;) {
    const select = filteredTrades(db, query, context)
      .select(db.raw('exit_time::text as cursor_time'))
      .orderBy([...NEWEST_EXIT_FIRST])
      .limit(batchSize);
    if (after) select.whereRaw('(exit_time, id) < (?::timestamptz, ?::uuid)', [after.exitTime, after.id]);
    const rows: PagedRow[] = await select;
    const batch = rows.map((row) => ({
      trade: tradeOf(row),
      cursor: { exitTime: cursorTimeOf(row.cursor_time), id: row.id },
    }));
    const trades = batch.map((entry) => entry.trade);
    const matching = new Set(
      aroundNews(query, context) ? await filterByNews(trades, query, context) : trades,
    );
    kept.push(...batch.filter((entry) => matching.has(entry.trade)));
    const last = batch.at(-1);
    if (kept.length > limit || rows.length < batchSize || !last) break;
    after = last.cursor;
    batchSize = Math.min(batchSize * 2, MAX_NEWS_BATCH);
  }
  const page = kept.slice(0, limit);
  return {
    trades: page.map((entry) => entry.trade),
    ...(kept.length > limit ? { next: page.at(-1)?.cursor } : {}),
  };
}

/**
 * Whether the list's `news` filter needs the economic calendar's windows, applied after the database's
 * filters; without a calendar it is a filter on the setup, in the query (filteredTrades).
 */
export const aroundNews = (query: TradesQuery, context: Pick<TradeListContext, 'newsWindows'>): boolean =>
  query.news !== undefined && context.newsWindows !== undefined;

/** Keeps trades open within 30 minutes of a high-impact event (news=true) or the others (news=false). */
async function filterByNews(
  trades: Trade[],
  query: TradesQuery,
  context: TradeListContext,
): Promise<Trade[]> {
  const newsWindows = context.newsWindows;
  if (trades.length === 0 || !newsWindows) return trades;
  const margin = 30 * 60_000;
  const times = trades.flatMap((trade) => [Date.parse(trade.entryTime), Date.parse(trade.exitTime)]);
  const windows = await newsWindows({
    from: new Date(Math.min(...times) - margin),
    to: new Date(Math.max(...times) + margin),
  });
  const nearNews = (trade: Trade) =>
    windows.some(
      (window) =>
        Date.parse(trade.entryTime) - margin <= window.end.getTime() &&
        Date.parse(trade.exitTime) + margin >= window.start.getTime(),
    );
  return trades.filter((trade) => nearNews(trade) === query.news);
}
