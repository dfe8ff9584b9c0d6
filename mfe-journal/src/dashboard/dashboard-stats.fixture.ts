import type { DashboardStats } from '@yoman/contracts';

/** A month's dashboard figures as GET /api/dashboard-stats answers them, for the dashboard's tests. */
export const DASHBOARD_STATS_FIXTURE: DashboardStats = {
  month: '2026-11',
  winRate: 62.5,
  netR: 4.25,
  avgRPerTrade: 0.53,
  currentStreak: -2,
  maxStreak: 4,
  monthlyDrawdown: 1.5,
  totalTrades: 8,
  monthlyProgress: 42.5,
  monthlyGoalR: 10,
  bestSetup: { setup: 'pullback', name: 'פולבק', isLibrary: false },
  strongestSession: 'london',
  dominantAsset: 'EURUSD',
  fallbacks: ['strongestSession', 'dominantAsset'],
  weeklyTasks: ['צרף צילום מסך לכל עסקה', 'לשפר את המסחר בסשן אסיה (R ממוצע -0.20)', 'כבד את הסטופ'],
};
