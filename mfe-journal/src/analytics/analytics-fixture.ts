import type { Analytics } from '@yoman/contracts';

// Test-only: an answer of GET /api/analytics as the contract describes it, for the screen and report tests.

export const analyticsFixture: Analytics = {
  period: { from: '2026-10-01', to: '2026-10-31' },
  coreMetrics: {
    winRate: 58.3,
    expectancy: 0.42,
    avgHoldTime: 95,
    totalTrades: 12,
    maxWinStreak: 4,
    maxLossStreak: 2,
    netR: 5.04,
    rTrades: 12,
  },
  rDistribution: [
    { key: 'below-2', range: 'פחות מ־-2R', count: 0, percentage: 0 },
    { key: '-2to-1', range: '-2R עד -1R', count: 2, percentage: 16.7 },
    { key: '-1to0', range: '-1R עד 0R', count: 3, percentage: 25 },
    { key: '0to1', range: '0R עד 1R', count: 2, percentage: 16.7 },
    { key: '1to2', range: '1R עד 2R', count: 3, percentage: 25 },
    { key: '2to3', range: '2R עד 3R', count: 2, percentage: 16.7 },
    { key: 'above3', range: '3R ומעלה', count: 0, percentage: 0 },
  ],
  sessionBreakdown: [
    { session: 'london', trades: 7, winRate: 71.4, avgR: 0.81 },
    { session: 'new_york', trades: 5, winRate: 40, avgR: -0.13 },
  ],
  setupBreakdown: [
    { setup: 'pullback', name: 'פולבק', isLibrary: false, trades: 12, winRate: 58.3, avgR: 0.42 },
  ],
  assetBreakdown: [{ asset: 'EURUSD', trades: 12, winRate: 58.3, avgR: 0.42 }],
  timeAnalysis: {
    goldTime: '10:00-12:00',
    goldTimeFromData: true,
    bestHours: [{ hour: 10, label: '10:00', trades: 4, avgR: 1.25 }],
    bestDays: [{ weekday: 2, label: 'שלישי', trades: 3, avgR: 0.9 }],
    heatmap: [
      { weekday: 2, hour: 10, trades: 3, netR: 3.75, avgR: 1.25 },
      { weekday: 4, hour: 15, trades: 2, netR: -1.5, avgR: -0.75 },
    ],
  },
  cumulativeR: {
    grain: 'day',
    points: [
      { period: '2026-10-05', netR: 2, cumulativeR: 2, trades: 3 },
      { period: '2026-10-12', netR: -1.5, cumulativeR: 0.5, trades: 4 },
      { period: '2026-10-20', netR: 4.54, cumulativeR: 5.04, trades: 5 },
    ],
  },
  comparison: {
    scope: 'organisation',
    me: { winRate: 58.3, avgR: 0.42, netR: 5.04, trades: 12 },
    peers: { winRate: 51.2, avgR: 0.18, netR: 2.1, trades: 10.5 },
    peerCount: 4,
  },
  weeklyInsights: ['סשן לונדון הוא החזק ביותר השבוע'],
  monthlyInsights: ['הפולבק הניב את רוב ה-R החודש'],
};
