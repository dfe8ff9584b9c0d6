import { SESSION_BREAKDOWN_KEYS, TRUST_THRESHOLDS } from '@yoman/contracts/constants';
import { DateTime } from 'luxon';
import { type DayResult, numberOf } from './day-figures';

/** The trade fields the calendar needs to build a day on the client when session or asset filters are on. */
export type TradeForDay = {
  exitTime: string;
  rMultiple: string | number | null;
  pnlIls: string | number;
  pnlUsd?: string | number | null;
  hasScreenshot: boolean;
  trustScore: number;
  session: string;
};

export type SessionFigures = { netR: number; trades: number };
export type SessionBreakdown = { asia: SessionFigures; london: SessionFigures; newYork: SessionFigures };

/** A win is a positive P&L (domain rules §1); pnlUsd when read back, else the shekel figure of the same sign. */
export function isWin(trade: Pick<TradeForDay, 'pnlIls' | 'pnlUsd'>): boolean {
  return numberOf(trade.pnlUsd ?? trade.pnlIls) > 0;
}

/** The ISO day a trade belongs to: its exit time's day in the display time zone (domain rules §3). */
export function tradeDay(exitTime: string, zone: string): string {
  return DateTime.fromISO(exitTime, { zone: 'utc' }).setZone(zone).toISODate() ?? '';
}

/** Per-session net R and trade count of some trades. */
export function sessionBreakdownOf(trades: readonly TradeForDay[]): SessionBreakdown {
  const breakdown: SessionBreakdown = {
    asia: { netR: 0, trades: 0 },
    london: { netR: 0, trades: 0 },
    newYork: { netR: 0, trades: 0 },
  };
  for (const t of trades) {
    const key = SESSION_BREAKDOWN_KEYS[t.session as keyof typeof SESSION_BREAKDOWN_KEYS];
    if (!key) continue;
    breakdown[key].netR += numberOf(t.rMultiple);
    breakdown[key].trades += 1;
  }
  return breakdown;
}

/** One day's aggregate from its trades, with the same meaning as the server's daily_aggregates row. */
export function dayResultOf(date: string, trades: readonly TradeForDay[]): DayResult {
  return {
    date,
    netR: String(trades.reduce((s, t) => s + numberOf(t.rMultiple), 0)),
    netPnlIls: String(trades.reduce((s, t) => s + numberOf(t.pnlIls), 0)),
    totalTrades: trades.length,
    winningTrades: trades.filter(isWin).length,
    rTrades: trades.filter((t) => t.rMultiple !== null).length,
    allHaveScreenshots: trades.length > 0 && trades.every((t) => t.hasScreenshot),
    hasLowTrust: trades.some((t) => t.trustScore < TRUST_THRESHOLDS.medium),
  };
}

/** Groups trades into daily results by exit day, for a calendar filtered by session or asset type. */
export function tradesByDay(trades: readonly TradeForDay[], zone: string): DayResult[] {
  const groups = new Map<string, TradeForDay[]>();
  for (const t of trades) {
    const day = tradeDay(t.exitTime, zone);
    const list = groups.get(day) ?? [];
    list.push(t);
    groups.set(day, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([d, list]) => dayResultOf(d, list));
}
