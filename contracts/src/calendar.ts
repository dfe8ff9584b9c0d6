import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { Count, Day, DecimalString } from './fields';

const SessionTotals = z.object({ netR: DecimalString, trades: Count });

/** One user's day in the display time zone (spec §3 "Daily aggregate"; domain rules §3). */
export const DailyAggregate = z.object({
  date: Day,
  /** Sum of the day's R; trades without R count as 0 here. */
  netR: DecimalString,
  netPnlIls: DecimalString,
  totalTrades: Count,
  winningTrades: Count,
  /** How many of the day's trades have an R-multiple (a stop); averages of R divide by this. */
  rTrades: Count,
  allHaveScreenshots: z.boolean(),
  hasLowTrust: z.boolean(),
  sessionBreakdown: z.object({ asia: SessionTotals, london: SessionTotals, newYork: SessionTotals }),
});
export type DailyAggregate = z.infer<typeof DailyAggregate>;

export const DailyAggregateList = z.array(DailyAggregate);
export type DailyAggregateList = z.infer<typeof DailyAggregateList>;

/** Path of GET /api/daily-aggregates/{date}. */
export const DailyAggregateParams = z.object({ date: Day });
export type DailyAggregateParams = z.infer<typeof DailyAggregateParams>;

/** Query of GET /api/daily-aggregates?year&month; query strings are coerced to numbers. */
export const DailyAggregatesQuery = z.object({
  year: z.coerce
    .number({ error: M.invalidDate })
    .int(M.invalidDate)
    .min(2000, M.invalidDate)
    .max(2100, M.invalidDate),
  month: z.coerce
    .number({ error: M.invalidDate })
    .int(M.invalidDate)
    .min(1, M.invalidDate)
    .max(12, M.invalidDate),
});
export type DailyAggregatesQuery = z.infer<typeof DailyAggregatesQuery>;
