import type { DailyAggregate } from '@yoman/contracts';
import type { DayResult } from '../calendar/day-figures';
import {
  dayResultOf,
  type SessionBreakdown,
  sessionBreakdownOf,
  type TradeForDay,
} from '../calendar/trades-by-day';

export type DaySummary = { day: DayResult; sessions: SessionBreakdown };

function sessionsOf(aggregate: DailyAggregate): SessionBreakdown {
  const { asia, london, newYork } = aggregate.sessionBreakdown;
  const figures = (s: { netR: string; trades: number }) => ({ netR: Number(s.netR), trades: s.trades });
  return { asia: figures(asia), london: figures(london), newYork: figures(newYork) };
}

/**
 * The drawer's figures: the stored daily aggregate when it matches the trades listed, else the same figures
 * computed from those trades (while one of the two answers is still on its way, or for a day with no row).
 */
export function daySummary(
  date: string,
  aggregate: DailyAggregate | undefined,
  trades: readonly TradeForDay[],
): DaySummary {
  if (aggregate && aggregate.date === date && aggregate.totalTrades === trades.length) {
    return { day: aggregate, sessions: sessionsOf(aggregate) };
  }
  return { day: dayResultOf(date, trades), sessions: sessionBreakdownOf(trades) };
}
