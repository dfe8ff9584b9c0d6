import { randomUUID } from 'node:crypto';
import {
  parseTradeEvent,
  TRADE_STREAM_TYPE,
  type TradeEvent,
  type TradeFiguresData,
  type TradeSaveInput,
} from '@yoman/contracts';
import { APPEND_LOCK_KEY, type Platform } from '@yoman/platform';
import { calculateTrade } from '@yoman/trade';

// The bench student's history: the events the trade decider writes for a trade logged on time and locked by
// the lock job a day later (with the no-screenshot penalty when it has none), written in bulk.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LOCK_HOURS = 24;
const BATCH_TRADES = 400;
const USD_ILS = '3.70';

const INSTRUMENTS = [
  { symbol: 'BTCUSDT', assetType: 'crypto', price: 95_000, size: '0.1', risk: 0.01 },
  { symbol: 'AAPL', assetType: 'stocks', price: 235, size: '100', risk: 0.01 },
  { symbol: 'EURUSD', assetType: 'forex', price: 1.16, size: '1', risk: 0.003 },
  { symbol: 'ESZ6', assetType: 'futures', price: 6_750, size: '2', risk: 0.003 },
  { symbol: 'NVDA', assetType: 'stocks', price: 180, size: '50', risk: 0.012 },
  { symbol: 'USDJPY', assetType: 'forex', price: 151, size: '0.5', risk: 0.003 },
] as const;

const SESSIONS = ['asia', 'london', 'new_york'] as const;
const SETUPS = ['breakout', 'pullback', 'support', 'pattern', 'news', 'other'] as const;

/** The save body of the bench's n-th trade exiting at `exitTime`: varied symbols, sides and outcomes. */
export function benchTradeBody(n: number, exitTime: Date): TradeSaveInput {
  const instrument = INSTRUMENTS[n % INSTRUMENTS.length] as (typeof INSTRUMENTS)[number];
  const direction = n % 3 === 0 ? 'short' : 'long';
  const sign = direction === 'long' ? 1 : -1;
  const risk = instrument.price * instrument.risk;
  // Outcomes cycle through −1R … +2.5R, so days have wins, losses and a mix of both.
  const r = [-1, 2, 0.5, -0.6, 1.5, -1, 2.5, -0.3][n % 8] as number;
  const decimals = instrument.price < 10 ? 5 : 2;
  const price = (value: number) => value.toFixed(decimals);
  return {
    symbol: instrument.symbol,
    assetType: instrument.assetType,
    direction,
    entryPrice: price(instrument.price),
    exitPrice: price(instrument.price + sign * r * risk),
    stopPrice: n % 10 === 9 ? null : price(instrument.price - sign * risk),
    positionSize: instrument.size,
    fees: '2.50',
    session: SESSIONS[n % SESSIONS.length] as (typeof SESSIONS)[number],
    setup: SETUPS[n % SETUPS.length] as (typeof SETUPS)[number],
    entryTime: new Date(exitTime.getTime() - HOUR).toISOString(),
    exitTime: exitTime.toISOString(),
    notes: n % 4 === 0 ? 'עסקת בדיקת עומס' : null,
  };
}

function figuresOf(body: TradeSaveInput): TradeFiguresData {
  const result = calculateTrade({ ...body, stopPrice: body.stopPrice ?? null }, { usdToIls: USD_ILS });
  return {
    symbol: result.symbol,
    assetType: body.assetType,
    direction: body.direction,
    entryPrice: String(body.entryPrice),
    exitPrice: String(body.exitPrice),
    stopPrice: body.stopPrice ? String(body.stopPrice) : null,
    targetPrice: null,
    positionSize: String(body.positionSize),
    fees: String(body.fees),
    pointValue: null,
    session: body.session,
    setup: body.setup,
    setupId: null,
    entryTime: body.entryTime,
    exitTime: body.exitTime,
    notes: body.notes ?? null,
    pnlUsd: result.pnlUsd.toFixed(2),
    pnlIls: result.pnlIls.toFixed(2),
    rMultiple: result.rMultiple === null ? null : result.rMultiple.toFixed(4),
    usdToIlsRate: USD_ILS,
    rateDate: null,
    rateSource: 'fallback',
    timezone: 'Asia/Jerusalem',
  };
}

/** A locked trade's events: logged 10 minutes after exit, locked at exit + 24 h, −15 trust without a screenshot. */
export function lockedTradeEvents(userId: string, n: number, exitTime: Date): TradeEvent[] {
  const tradeId = randomUUID();
  const lockAt = new Date(exitTime.getTime() + LOCK_HOURS * HOUR).toISOString();
  const screenshotUrl = n % 2 === 0 ? `/api/screenshots/${randomUUID()}` : null;
  const events: TradeEvent[] = [
    {
      type: 'trade.logged.v1',
      data: {
        ...figuresOf(benchTradeBody(n, exitTime)),
        tradeId,
        userId,
        organisationId: null,
        screenshotUrl,
        loggedAt: new Date(exitTime.getTime() + 10 * 60_000).toISOString(),
        lockAt,
        trustScore: 100,
      },
    },
    { type: 'trade.locked.v1', data: { tradeId, userId, lockAt, lockedAt: lockAt } },
  ];
  if (!screenshotUrl) {
    events.push({
      type: 'trade.trust-changed.v1',
      data: {
        tradeId,
        userId,
        reason: 'no_screenshot_at_lock',
        change: -15,
        trustScore: 85,
        changedAt: lockAt,
      },
    });
  }
  return events;
}

/** Exit times of `count` trades spread evenly over the `days` before `end`, on market hours. */
export function exitTimesOf(count: number, days: number, end: Date): Date[] {
  const first = end.getTime() - days * DAY;
  return Array.from({ length: count }, (_, n) => {
    const day = Math.floor((n * days) / count);
    const hour = 8 + ((n * 7) % 12) + (n % 60) / 60;
    return new Date(first + day * DAY + hour * HOUR);
  });
}

/**
 * Writes the trades' events into the event store in bulk: one transaction per batch under the append lock,
 * stream by stream as `append` writes them (version 1…n per trade stream). Answers the events written.
 */
export async function writeLockedTrades(
  platform: Platform,
  userId: string,
  exitTimes: readonly Date[],
  firstNumber = 0,
): Promise<number> {
  let written = 0;
  for (let start = 0; start < exitTimes.length; start += BATCH_TRADES) {
    const rows = exitTimes.slice(start, start + BATCH_TRADES).flatMap((exitTime, index) => {
      const events = lockedTradeEvents(userId, firstNumber + start + index, exitTime);
      return events.map((event, version) => {
        if (!parseTradeEvent(event)) throw new Error(`bench wrote an invalid ${event.type}`);
        return {
          stream_id: `trade-${event.data.tradeId}`,
          stream_type: TRADE_STREAM_TYPE,
          version: version + 1,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify({ userId, organisationId: null }),
          recorded_at: exitTime,
        };
      });
    });
    await platform.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
      await trx('events').insert(rows);
    });
    written += rows.length;
  }
  return written;
}

/** The query strings the bench asks about one calendar month (`month` is 1–12): the forms the screens send. */
export interface BenchMonth {
  /** `yyyy-MM`, as the dashboard's `month` and the day drawer's dates start. */
  param: string;
  /** `year=…&month=…`, the calendar's query. */
  calendarQuery: string;
  /** `startDate=…&endDate=…`, the month as the trades list's period, its first and last millisecond in UTC. */
  listRange: string;
}

export function benchMonthOf(year: number, month: number): BenchMonth {
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month, 1) - 1);
  return {
    param: `${year}-${String(month).padStart(2, '0')}`,
    calendarQuery: `year=${year}&month=${month}`,
    listRange: `startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
  };
}
