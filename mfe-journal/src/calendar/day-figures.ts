import type { CalendarUnitValue } from '@yoman/contracts';
import { CALENDAR_UNITS, PERCENT_PER_R } from '@yoman/contracts/constants';

// The figures a calendar day shows, from its daily aggregate (spec §3, §9).

export { CALENDAR_UNITS };
export type CalendarUnit = CalendarUnitValue;

/** The part of a daily aggregate the calendar reads; money and R arrive as decimal strings. */
export type DayResult = {
  date: string;
  netR: string;
  netPnlIls: string;
  totalTrades: number;
  winningTrades: number;
  /** Trades with an R-multiple; R averages divide by this (domain rules §1). */
  rTrades: number;
  allHaveScreenshots: boolean;
  hasLowTrust: boolean;
};

/** A decimal string or number as a JS number for display maths; missing or malformed counts as 0. */
export function numberOf(decimal: string | number | null | undefined): number {
  const n = typeof decimal === 'number' ? decimal : Number(decimal ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** Profit, loss or flat: which colour family a day takes, by R, or by shekels when R is zero. */
export function dayTone(
  day: Pick<DayResult, 'netR' | 'netPnlIls' | 'totalTrades'>,
): 'profit' | 'loss' | 'flat' {
  if (day.totalTrades === 0) return 'flat';
  const r = numberOf(day.netR);
  const sign = r !== 0 ? r : numberOf(day.netPnlIls);
  if (sign > 0) return 'profit';
  if (sign < 0) return 'loss';
  return 'flat';
}

/** PERCENT mode shows net R × 2 (spec §9). */
export function percentOfR(netR: string | number): number {
  return numberOf(netR) * PERCENT_PER_R;
}

/** The number a day shows in the chosen unit. */
export function dayValue(day: Pick<DayResult, 'netR' | 'netPnlIls'>, unit: CalendarUnit): number {
  switch (unit) {
    case 'R':
      return numberOf(day.netR);
    case 'ILS':
      return numberOf(day.netPnlIls);
    case 'PERCENT':
      return percentOfR(day.netR);
  }
}

/** Winning trades over total trades as a rounded percent; 0 when there are no trades. */
export function winRate(winning: number, total: number): number {
  return total > 0 ? Math.round((winning / total) * 100) : 0;
}

/** Net R over the trades that have an R; 0 when none has. */
export function averageR(netR: string | number, rTrades: number): number {
  return rTrades > 0 ? numberOf(netR) / rTrades : 0;
}
