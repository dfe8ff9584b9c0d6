import { DateTime } from 'luxon';
import { z } from 'zod';
import { R_RANGE_KEYS } from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { Count, Day, Percent, queryFilter, TradeSession } from './fields';

// Dashboard and analytics figures (domain rules §8). Percentages carry one decimal, R values two; every day,
// hour and weekday is read in the caller's display time zone.

const inPeriodYears = (year: number) => year >= 2000 && year <= 2100;

/** A calendar month, 'yyyy-MM', between 2000 and 2100. */
export const Month = z
  .string({ error: M.invalidDate })
  .refine(
    (text) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text) && inPeriodYears(Number(text.slice(0, 4))),
    M.invalidDate,
  );

/** Query of GET /api/dashboard-stats: the month to show, the current one when absent. */
export const DashboardStatsQuery = z.object({ month: queryFilter(Month) });
export type DashboardStatsQuery = z.infer<typeof DashboardStatsQuery>;

/** A day that exists, 'yyyy-MM-dd', between 2000 and 2100. */
const PeriodDay = z.string({ error: M.invalidDate }).refine((text) => {
  const day = DateTime.fromFormat(text, 'yyyy-MM-dd');
  return day.isValid && inPeriodYears(day.year);
}, M.invalidDate);

/** Query of GET /api/analytics: an inclusive range of days ('yyyy-MM-dd'); all time when both are absent. */
export const AnalyticsQuery = z
  .object({ from: queryFilter(PeriodDay), to: queryFilter(PeriodDay) })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: M.invalidDate });
    }
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/**
 * How analytics names a trade's setup: a library setup when the trade names one (`setup` is then its id and
 * `isLibrary` true), else one of the six built-in setups (`setup` is its key, 'breakout' …). `name` is what to
 * show: the library setup's name or the built-in setup's Hebrew label.
 */
export const SetupRef = z.object({ setup: z.string(), name: z.string(), isLibrary: z.boolean() });
export type SetupRef = z.infer<typeof SetupRef>;

/** The three Top-3 insights; one listed in `fallbacks` had no candidate with enough trades. */
export const TOP_INSIGHTS = ['bestSetup', 'strongestSession', 'dominantAsset'] as const;
export type TopInsight = (typeof TOP_INSIGHTS)[number];

/** GET /api/dashboard-stats (spec §3 "Dashboard stats", rules §8). */
export const DashboardStats = z.object({
  /** The month the monthly figures cover, 'yyyy-MM'. */
  month: z.string(),
  /** Wins over all of the month's trades, in percent (a break-even counts in the total). */
  winRate: Percent,
  /** Sum of the month's R. */
  netR: z.number(),
  /** Net R over the month's trades with R; 0 when none. */
  avgRPerTrade: z.number(),
  /** The run ending at the latest exit of all time: +n wins, −n losses, 0 after a break-even. */
  currentStreak: z.number().int(),
  /** The longest run of wins of all time. */
  maxStreak: Count,
  /** Largest fall of the month's cumulative R from its running peak (which starts at 0); 0 when it never fell. */
  monthlyDrawdown: z.number().min(0),
  totalTrades: Count,
  /** Net R of the month over the monthly goal, in percent; floored at 0, not capped. */
  monthlyProgress: z.number().min(0),
  monthlyGoalR: z.number().positive(),
  /** Highest net R over the last 90 days among setups with at least 3 trades; fallback breakout. */
  bestSetup: SetupRef,
  /** Highest average R over the last 90 days among sessions with at least 3 trades; fallback london. */
  strongestSession: TradeSession,
  /** Symbol with the most trades over the last 90 days (at least 3); fallback EURUSD. */
  dominantAsset: z.string(),
  /** Which of the three insights are the spec's fallbacks rather than figures. */
  fallbacks: z.array(z.enum(TOP_INSIGHTS)),
  /** Three tasks chosen by rules from the last 30 days; the spec's defaults with fewer than 5 trades. */
  weeklyTasks: z.array(z.string()),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

const GroupFigures = {
  trades: Count,
  winRate: Percent,
  /** Average R over the group's trades with R; 0 when none. */
  avgR: z.number(),
};

/** One hour of entry or one weekday with its figures (entry time in the display zone). */
const HourSlot = z.object({
  hour: z.number().int().min(0).max(23),
  /** 'HH:00'. */
  label: z.string(),
  trades: Count,
  avgR: z.number(),
});
const DaySlot = z.object({
  /** 0 Sunday … 6 Saturday. */
  weekday: z.number().int().min(0).max(6),
  /** Hebrew weekday name. */
  label: z.string(),
  trades: Count,
  avgR: z.number(),
});
/** One cell of the hour × weekday heatmap (entry time in the display zone); cells without trades are left out. */
const HeatmapCell = z.object({
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  trades: Count,
  netR: z.number(),
  avgR: z.number(),
});

/** One point of the cumulative R curve: a day ('yyyy-MM-dd') or a month ('yyyy-MM') of exits with trades. */
const CumulativeRPoint = z.object({
  period: z.string(),
  netR: z.number(),
  cumulativeR: z.number(),
  trades: Count,
});

/** Days when the period spans at most CUMULATIVE_R_DAY_SPAN days, else months (all time is months). */
export const CUMULATIVE_R_DAY_SPAN = 92;

/** A group's figures in the comparison tab. */
const ComparedFigures = z.object({
  winRate: Percent,
  avgR: z.number(),
  netR: z.number(),
  trades: z.number().min(0),
});

/** GET /api/analytics (spec §3 "Analytics", rules §8), over the query's days. */
export const Analytics = z.object({
  /** The days covered, as asked ('yyyy-MM-dd'); null for an open end. */
  period: z.object({ from: Day.nullable(), to: Day.nullable() }),
  coreMetrics: z.object({
    winRate: Percent,
    /** Mean R of the trades with R. */
    expectancy: z.number(),
    /** Mean minutes from entry to exit. */
    avgHoldTime: z.number().min(0),
    totalTrades: Count,
    maxWinStreak: Count,
    maxLossStreak: Count,
    netR: z.number(),
    /** How many trades have an R-multiple (the base of expectancy and of the R distribution). */
    rTrades: Count,
  }),
  /** The seven R_RANGES buckets in order; `range` is the bucket's Hebrew label. */
  rDistribution: z.array(
    z.object({ key: z.enum(R_RANGE_KEYS), range: z.string(), count: Count, percentage: Percent }),
  ),
  sessionBreakdown: z.array(z.object({ session: TradeSession, ...GroupFigures })),
  setupBreakdown: z.array(SetupRef.extend(GroupFigures)),
  /** By symbol, most trades first. */
  assetBreakdown: z.array(z.object({ asset: z.string(), ...GroupFigures })),
  timeAnalysis: z.object({
    /** Two-hour window of entry hours with the highest sum of R (at least 5 trades), 'HH:mm-HH:mm'. */
    goldTime: z.string(),
    /** False when no window had 5 trades and goldTime is the default 14:00-16:00. */
    goldTimeFromData: z.boolean(),
    /** Up to three entry hours with the highest average R (at least 3 trades each), best first. */
    bestHours: z.array(HourSlot),
    /** Up to three weekdays likewise. */
    bestDays: z.array(DaySlot),
    heatmap: z.array(HeatmapCell),
  }),
  cumulativeR: z.object({ grain: z.enum(['day', 'month']), points: z.array(CumulativeRPoint) }),
  /**
   * The caller against the average student of their organisation over the same days (`peers` null when the
   * caller is in none or is its only student with trades). `scope` 'league' is kept for the league module.
   */
  comparison: z.object({
    scope: z.enum(['league', 'organisation', 'none']),
    me: ComparedFigures,
    peers: ComparedFigures.nullable(),
    peerCount: Count,
  }),
  weeklyInsights: z.array(z.string()),
  monthlyInsights: z.array(z.string()),
});
export type Analytics = z.infer<typeof Analytics>;
