import { describe, expect, it } from 'vitest';
import {
  Analytics,
  DailyAggregate,
  DailyAggregateParams,
  DailyAggregatesQuery,
  DashboardStats,
} from './calendar';

const day = {
  date: '2026-03-05',
  netR: '2.5',
  netPnlIls: '-120.40',
  totalTrades: 3,
  winningTrades: 2,
  rTrades: 3,
  allHaveScreenshots: true,
  hasLowTrust: false,
  sessionBreakdown: {
    asia: { netR: '0', trades: 0 },
    london: { netR: '3.5', trades: 2 },
    newYork: { netR: '-1', trades: 1 },
  },
};

describe('daily aggregate', () => {
  it('has the spec §3 fields, with netR and netPnlIls as decimal strings', () => {
    expect(DailyAggregate.parse(day)).toEqual(day);
  });

  it('refuses numbers where decimal strings belong, a bad date and a missing session', () => {
    expect(DailyAggregate.safeParse({ ...day, netR: 2.5 }).success).toBe(false);
    expect(DailyAggregate.safeParse({ ...day, date: '05/03/2026' }).success).toBe(false);
    const { newYork: _newYork, ...twoSessions } = day.sessionBreakdown;
    expect(DailyAggregate.safeParse({ ...day, sessionBreakdown: twoSessions }).success).toBe(false);
  });

  it('is addressed by a real day', () => {
    expect(DailyAggregateParams.parse({ date: '2026-03-05' })).toEqual({ date: '2026-03-05' });
    expect(DailyAggregateParams.safeParse({ date: '2026-13-01' }).success).toBe(false);
  });
});

describe('month query', () => {
  it('coerces the query strings to numbers', () => {
    expect(DailyAggregatesQuery.parse({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
  });

  it('refuses month 0 or 13, a fractional month and a missing year', () => {
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '0' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '13' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '2.5' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ month: '3' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: 'abc', month: '3' }).success).toBe(false);
  });
});

describe('dashboard stats', () => {
  const stats = {
    winRate: 62,
    netR: 8.4,
    avgRPerTrade: 0.42,
    currentStreak: -2,
    maxStreak: 5,
    monthlyDrawdown: 3.1,
    totalTrades: 20,
    monthlyProgress: 84,
    monthlyGoalR: 10,
    bestSetup: 'pullback',
    strongestSession: 'london',
    dominantAsset: 'EURUSD',
    weeklyTasks: ['שיפור דיוק הכניסות'],
  };

  it('accepts the spec §3 fields, with nulls when there is no data', () => {
    expect(DashboardStats.parse(stats)).toEqual(stats);
    const empty = { ...stats, bestSetup: null, strongestSession: null, dominantAsset: null };
    expect(DashboardStats.safeParse(empty).success).toBe(true);
  });

  it('refuses a win rate above 100 and an unknown session', () => {
    expect(DashboardStats.safeParse({ ...stats, winRate: 120 }).success).toBe(false);
    expect(DashboardStats.safeParse({ ...stats, strongestSession: 'tokyo' }).success).toBe(false);
  });
});

describe('analytics', () => {
  const analytics = {
    coreMetrics: {
      winRate: 55,
      expectancy: 0.31,
      avgHoldTime: 95,
      totalTrades: 40,
      maxWinStreak: 6,
      maxLossStreak: 3,
    },
    rDistribution: [{ range: '1R עד 2R', count: 8, percentage: 20 }],
    sessionBreakdown: [{ session: 'new_york', trades: 12, winRate: 58.3, avgR: 0.4 }],
    setupBreakdown: [{ setup: 'breakout', trades: 10, winRate: 60, avgR: 0.5 }],
    assetBreakdown: [{ asset: 'forex', trades: 15, winRate: 53.3, avgR: 0.2 }],
    timeAnalysis: {
      goldTime: '14:00-16:00',
      bestHours: [{ label: '15:00', trades: 6, avgR: 1.2 }],
      bestDays: [{ label: 'שלישי', trades: 9, avgR: 0.8 }],
    },
    weeklyInsights: ['סשן לונדון הוא החזק ביותר השבוע'],
    monthlyInsights: [],
  };

  it('accepts the spec §3 shape', () => {
    expect(Analytics.parse(analytics)).toEqual(analytics);
  });

  it('refuses an unknown setup in the setup breakdown and a missing core metric', () => {
    const badSetup = { ...analytics, setupBreakdown: [{ setup: 'scalp', trades: 1, winRate: 0, avgR: 0 }] };
    expect(Analytics.safeParse(badSetup).success).toBe(false);
    const { expectancy: _expectancy, ...core } = analytics.coreMetrics;
    expect(Analytics.safeParse({ ...analytics, coreMetrics: core }).success).toBe(false);
  });
});
