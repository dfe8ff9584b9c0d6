import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './errors';
import { AssetType, Count, Day, DecimalString, SetupType, TradeSession } from './fields';

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

/** GET /api/dashboard-stats: this month's KPIs (numbers rounded for display: R to 2, percents to 1). */
export const DashboardStats = z.object({
  /** Rounded percent of winning trades this month. */
  winRate: z.number().min(0).max(100),
  netR: z.number(),
  avgRPerTrade: z.number(),
  /** Consecutive results up to the latest trade: positive for wins, negative for losses. */
  currentStreak: z.number().int(),
  /** Longest winning streak. */
  maxStreak: Count,
  /** Largest peak-to-trough fall of cumulative R this month, as a non-negative R figure. */
  monthlyDrawdown: z.number().min(0),
  totalTrades: Count,
  /** Net R of the month over the monthly goal, in percent (may pass 100). */
  monthlyProgress: z.number(),
  monthlyGoalR: z.number().positive(),
  /** Null when there is no data; the screen falls back to breakout, London, EURUSD. */
  bestSetup: SetupType.nullable(),
  strongestSession: TradeSession.nullable(),
  dominantAsset: z.string().nullable(),
  weeklyTasks: z.array(z.string()),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

const Breakdown = { trades: Count, winRate: z.number().min(0).max(100), avgR: z.number() };
const TimeSlot = z.object({ label: z.string(), trades: Count, avgR: z.number() });

/** GET /api/analytics (spec §3 "Analytics"). */
export const Analytics = z.object({
  coreMetrics: z.object({
    winRate: z.number().min(0).max(100),
    /** Average R per trade with an R-multiple. */
    expectancy: z.number(),
    /** Average minutes from entry to exit. */
    avgHoldTime: z.number().min(0),
    totalTrades: Count,
    maxWinStreak: Count,
    maxLossStreak: Count,
  }),
  /** One row per R_RANGES bucket; range is the bucket's label. */
  rDistribution: z.array(
    z.object({ range: z.string(), count: Count, percentage: z.number().min(0).max(100) }),
  ),
  sessionBreakdown: z.array(z.object({ session: TradeSession, ...Breakdown })),
  setupBreakdown: z.array(z.object({ setup: SetupType, ...Breakdown })),
  assetBreakdown: z.array(z.object({ asset: AssetType, ...Breakdown })),
  timeAnalysis: z.object({
    /** Israel-time window with the best average R, 'HH:mm-HH:mm'. */
    goldTime: z.string(),
    /** Best exit hours ('14:00') and weekdays (Hebrew names), best first. */
    bestHours: z.array(TimeSlot),
    bestDays: z.array(TimeSlot),
  }),
  weeklyInsights: z.array(z.string()),
  monthlyInsights: z.array(z.string()),
});
export type Analytics = z.infer<typeof Analytics>;
