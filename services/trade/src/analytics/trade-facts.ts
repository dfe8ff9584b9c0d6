import { rRangeOf, type TradeEvent, type TradeFiguresData } from '@yoman/contracts';
import { tradeDayOf, type ZonedTime, zonedTime } from '../time/zoned-time';
import type { Outcome } from './figures';

/** A `trade_analytics_trades` row: what a live trade adds to the figures, read in its owner's zone. */
export interface TradeFact {
  trade_id: string;
  user_id: string;
  /** Exit day, 'yyyy-MM-dd'. */
  date: string;
  exit_time: string;
  entry_hour: number;
  /** 0 Sunday … 6 Saturday. */
  entry_weekday: number;
  session: string;
  /** The library setup's id when the trade names one, else the built-in setup's key. */
  setup_key: string;
  symbol: string;
  r_multiple: string | null;
  r_bucket: string | null;
  outcome: Outcome;
  hold_minutes: string;
  has_screenshot: boolean;
}

/** +1 for P&L above 0, −1 below, 0 for exactly 0 (rules §1). */
export function outcomeOf(pnlUsd: string): Outcome {
  const value = Number(pnlUsd);
  if (value > 0) return 1;
  return value < 0 ? -1 : 0;
}

/** The columns a trade's figures set (logging and editing). */
function figureFacts(figures: TradeFiguresData) {
  const entry = zonedTime(figures.entryTime, figures.timezone) as ZonedTime;
  const holdMs = Date.parse(figures.exitTime) - Date.parse(figures.entryTime);
  return {
    date: tradeDayOf(figures.exitTime, figures.timezone),
    exit_time: new Date(figures.exitTime).toISOString(),
    entry_hour: entry.hour,
    entry_weekday: entry.weekday,
    session: figures.session,
    setup_key: figures.setupId ?? figures.setup,
    symbol: figures.symbol,
    r_multiple: figures.rMultiple,
    r_bucket: figures.rMultiple === null ? null : rRangeOf(Number(figures.rMultiple)),
    outcome: outcomeOf(figures.pnlUsd),
    hold_minutes: String(Math.max(0, holdMs) / 60_000),
  };
}

/** A trade's row after one event, from its row before (undefined: none); `before` itself when nothing changes. */
export function nextFact(before: TradeFact | undefined, event: TradeEvent): TradeFact | undefined {
  switch (event.type) {
    case 'trade.logged.v1':
      return {
        trade_id: event.data.tradeId,
        user_id: event.data.userId,
        ...figureFacts(event.data),
        has_screenshot: event.data.screenshotUrl !== null,
      };
    case 'trade.edited.v1':
      return before && { ...before, ...figureFacts(event.data) };
    case 'trade.screenshot-attached.v1':
      return before && { ...before, has_screenshot: true };
    case 'trade.deleted.v1':
      return undefined;
    case 'trade.locked.v1':
    case 'trade.trust-changed.v1':
      return before;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
