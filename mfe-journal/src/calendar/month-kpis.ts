import { averageR, type DayResult, numberOf, winRate } from './day-figures';

export type MonthKpis = {
  netR: number;
  trades: number;
  winRate: number;
  averageR: number;
  profitIls: number;
  tradingDays: number;
  winningDays: number;
  /** Share of trading days that were winning days, as a rounded percent (the consistency ring). */
  consistency: number;
};

/** The seven KPI tiles of the calendar from the month's days (days of other months are ignored by the caller). */
export function monthKpis(days: readonly DayResult[]): MonthKpis {
  const traded = days.filter((d) => d.totalTrades > 0);
  const netR = traded.reduce((sum, d) => sum + numberOf(d.netR), 0);
  const trades = traded.reduce((sum, d) => sum + d.totalTrades, 0);
  const wins = traded.reduce((sum, d) => sum + d.winningTrades, 0);
  const rTrades = traded.reduce((sum, d) => sum + d.rTrades, 0);
  // A winning day has netPnlIls > 0 (domain rules §3).
  const winningDays = traded.filter((d) => numberOf(d.netPnlIls) > 0).length;
  return {
    netR,
    trades,
    winRate: winRate(wins, trades),
    averageR: averageR(netR, rTrades),
    profitIls: traded.reduce((sum, d) => sum + numberOf(d.netPnlIls), 0),
    tradingDays: traded.length,
    winningDays,
    consistency: winRate(winningDays, traded.length),
  };
}

/** The summary shown on a week row: net R and the win percentage of its trades. */
export function weekSummary(days: readonly DayResult[]): { netR: number; winRate: number; trades: number } {
  const k = monthKpis(days);
  return { netR: k.netR, winRate: k.winRate, trades: k.trades };
}
