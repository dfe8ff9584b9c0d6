import {
  type Analytics,
  CUMULATIVE_R_DAY_SPAN,
  DASHBOARD_FALLBACKS,
  type DashboardStats,
  type RRangeKey,
  SETUP_TYPE_LABELS,
  SETUP_TYPES,
  type SetupRef,
  TRADE_SESSIONS,
  type TradeSessionValue,
} from '@yoman/contracts';
import type { Knex } from 'knex';
import {
  type Dimension,
  daysPart,
  dimensionOf,
  groupsOf,
  groupsPart,
  peersPart,
  readTogether,
  setupNamesPart,
  streaksPart,
  sumsOfRow,
  totalOf,
  totalsPart,
} from './analytics-reads';
import {
  avgROf,
  bestDaysOf,
  bestHoursOf,
  type GroupSums,
  goalProgressOf,
  goldTimeOf,
  groupFigures,
  insightsOf,
  rDistributionOf,
  round1,
  round2,
  topCandidate,
  weeklyTasksOf,
  winRateOf,
} from './figures';
import { type DayRange, daysEndingOn, daysOfMonth, earlierDay, spanInDays, todayIn } from './periods';
import { daySequenceOfRow } from './sequence-rows';
import { drawdownOf, streaksOf } from './sequences';

/** Who asks, and in which zone their days are read. */
export interface AnalyticsCaller {
  userId: string;
  organisationId: string | null;
  timezone: string;
  monthlyGoalR: number;
  now: Date;
}

const streaksOfRows = (rows: readonly Record<string, unknown>[]) => ({
  current: Number(rows[0]?.current_streak ?? 0),
  maxWin: Number(rows[0]?.max_win_streak ?? 0),
  maxLoss: Number(rows[0]?.max_loss_streak ?? 0),
});

const sequencesOf = (rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => daySequenceOfRow(row as unknown as Parameters<typeof daySequenceOfRow>[0]));

const namesOf = (rows: readonly Record<string, unknown>[]) =>
  new Map(rows.map((row) => [String(row.id), String(row.name)]));

const isBuiltInSetup = (key: string): key is (typeof SETUP_TYPES)[number] =>
  (SETUP_TYPES as readonly string[]).includes(key);

function setupRefOf(key: string, names: ReadonlyMap<string, string>): SetupRef {
  if (isBuiltInSetup(key)) return { setup: key, name: SETUP_TYPE_LABELS[key], isLibrary: false };
  return { setup: key, name: names.get(key) ?? 'סטאפ שנמחק', isLibrary: true };
}

const INSIGHT_DAYS = 90;
const TASK_DAYS = 30;
const RECENT_DIMENSIONS: readonly Dimension[] = ['setup', 'session', 'symbol'];
const TASK_DIMENSIONS: readonly Dimension[] = ['total', 'session'];

/** GET /api/dashboard-stats: the month's KPIs, all-time streaks, and the insights and tasks up to the month's end. */
export async function dashboardStatsOf(
  db: Knex,
  caller: AnalyticsCaller,
  month: string | undefined,
): Promise<DashboardStats> {
  const today = todayIn(caller.now, caller.timezone);
  const shown = month ?? today.slice(0, 7);
  const monthDays = daysOfMonth(shown);
  // Insights and tasks look back from the month's last day, or from today in the current month.
  const anchor = earlierDay(monthDays.to, today);
  const read = await readTogether(db, {
    month: groupsPart(caller.userId, monthDays, ['total']),
    days: daysPart(caller.userId, monthDays),
    streaks: streaksPart(caller.userId),
    recent: groupsPart(caller.userId, daysEndingOn(anchor, INSIGHT_DAYS), RECENT_DIMENSIONS),
    tasks: groupsPart(caller.userId, daysEndingOn(anchor, TASK_DAYS), TASK_DIMENSIONS),
    names: setupNamesPart(caller.userId),
  });
  const total = totalOf(groupsOf(read.month, ['total']));
  const recent = groupsOf(read.recent, RECENT_DIMENSIONS);
  const tasks = groupsOf(read.tasks, TASK_DIMENSIONS);
  const streaks = streaksOfRows(read.streaks);
  const bestSetupKey = topCandidate(dimensionOf(recent, 'setup'), (sums) => sums.netR);
  const strongestSession = topCandidate(dimensionOf(recent, 'session'), avgROf) as
    | TradeSessionValue
    | undefined;
  const dominantAsset = topCandidate(dimensionOf(recent, 'symbol'), (sums) => sums.trades);
  const names = namesOf(read.names);
  const fallbacks: DashboardStats['fallbacks'] = [];
  if (!bestSetupKey) fallbacks.push('bestSetup');
  if (!strongestSession) fallbacks.push('strongestSession');
  if (!dominantAsset) fallbacks.push('dominantAsset');
  return {
    month: shown,
    winRate: winRateOf(total),
    netR: round2(total.netR),
    avgRPerTrade: avgROf(total),
    currentStreak: streaks.current,
    maxStreak: streaks.maxWin,
    monthlyDrawdown: drawdownOf(sequencesOf(read.days)),
    totalTrades: total.trades,
    monthlyProgress: goalProgressOf(total.netR, caller.monthlyGoalR),
    monthlyGoalR: caller.monthlyGoalR,
    bestSetup: setupRefOf(bestSetupKey ?? DASHBOARD_FALLBACKS.bestSetup, names),
    strongestSession: strongestSession ?? DASHBOARD_FALLBACKS.strongestSession,
    dominantAsset: dominantAsset ?? DASHBOARD_FALLBACKS.dominantAsset,
    fallbacks,
    weeklyTasks: weeklyTasksOf({ total: totalOf(tasks), sessions: dimensionOf(tasks, 'session') }),
  };
}

const ALL_DIMENSIONS: readonly Dimension[] = [
  'total',
  'session',
  'setup',
  'symbol',
  'hour',
  'weekday',
  'heat',
  'bucket',
];

const byNumber = (groups: ReadonlyMap<string, GroupSums>) =>
  new Map([...groups].map(([key, sums]) => [Number(key), sums]));

const byTradesThenKey =
  <Row extends { trades: number }>(key: (row: Row) => string) =>
  (a: Row, b: Row) =>
    b.trades - a.trades || key(a).localeCompare(key(b));

/** The cumulative R curve: by day over at most CUMULATIVE_R_DAY_SPAN days, else by month. */
function cumulativeROf(rows: readonly Record<string, unknown>[], range: DayRange): Analytics['cumulativeR'] {
  const span = spanInDays(range);
  const grain = span !== undefined && span <= CUMULATIVE_R_DAY_SPAN ? 'day' : 'month';
  const points = new Map<string, { netR: number; trades: number }>();
  for (const row of rows) {
    const period = String(row.period);
    const key = grain === 'day' ? period : period.slice(0, 7);
    const point = points.get(key) ?? { netR: 0, trades: 0 };
    points.set(key, { netR: point.netR + Number(row.net_r), trades: point.trades + Number(row.trades) });
  }
  let cumulative = 0;
  return {
    grain,
    points: [...points.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, point]) => {
        cumulative += point.netR;
        return {
          period: key,
          netR: round2(point.netR),
          cumulativeR: round2(cumulative),
          trades: point.trades,
        };
      }),
  };
}

const comparedFigures = (sums: GroupSums) => ({
  winRate: winRateOf(sums),
  avgR: avgROf(sums),
  netR: round2(sums.netR),
  trades: sums.trades,
});

/** The caller against the average student of their organisation with trades over the same days. */
function comparisonOf(
  caller: AnalyticsCaller,
  peerRows: readonly Record<string, unknown>[],
  mine: GroupSums,
): Analytics['comparison'] {
  const me = comparedFigures(mine);
  if (!caller.organisationId) return { scope: 'none', me, peers: null, peerCount: 0 };
  const peers = peerRows.map(sumsOfRow).filter((sums) => sums.trades > 0);
  if (peers.length === 0) return { scope: 'organisation', me, peers: null, peerCount: 0 };
  const mean = (figure: (sums: GroupSums) => number) =>
    peers.reduce((sum, sums) => sum + figure(sums), 0) / peers.length;
  return {
    scope: 'organisation',
    me,
    peers: {
      winRate: round1(mean(winRateOf)),
      avgR: round2(mean(avgROf)),
      netR: round2(mean((sums) => sums.netR)),
      trades: round1(mean((sums) => sums.trades)),
    },
    peerCount: peers.length,
  };
}

/** GET /api/analytics over an inclusive range of days in the caller's zone (all time when open). */
export async function analyticsOf(db: Knex, caller: AnalyticsCaller, range: DayRange): Promise<Analytics> {
  const anchor = range.to ?? todayIn(caller.now, caller.timezone);
  const allTime = !range.from && !range.to;
  const open = { from: range.from ?? '0000-01-01', to: range.to ?? '9999-12-31' };
  const read = await readTogether(db, {
    groups: groupsPart(caller.userId, range, ALL_DIMENSIONS),
    // All time has its streaks kept; a range composes its days.
    streaks: allTime ? streaksPart(caller.userId) : daysPart(caller.userId, open),
    totals: totalsPart(caller.userId, range),
    week: groupsPart(caller.userId, daysEndingOn(anchor, 7), TASK_DIMENSIONS),
    month: groupsPart(caller.userId, daysEndingOn(anchor, 30), TASK_DIMENSIONS),
    names: setupNamesPart(caller.userId),
    peers: caller.organisationId
      ? peersPart(caller.organisationId, caller.userId, range)
      : { sql: 'select 1 where false', bindings: [] },
  });
  const groups = groupsOf(read.groups, ALL_DIMENSIONS);
  const week = groupsOf(read.week, TASK_DIMENSIONS);
  const month = groupsOf(read.month, TASK_DIMENSIONS);
  const streaks = allTime ? streaksOfRows(read.streaks) : streaksOf(sequencesOf(read.streaks));
  const total = totalOf(groups);
  const setups = dimensionOf(groups, 'setup');
  const names = namesOf(read.names);
  const hours = byNumber(dimensionOf(groups, 'hour'));
  const gold = goldTimeOf(hours);
  const buckets = Object.fromEntries(
    [...dimensionOf(groups, 'bucket')].map(([key, sums]) => [key, sums.trades]),
  );
  return {
    period: { from: range.from ?? null, to: range.to ?? null },
    coreMetrics: {
      winRate: winRateOf(total),
      expectancy: avgROf(total),
      avgHoldTime: total.trades === 0 ? 0 : round1(total.holdMinutes / total.trades),
      totalTrades: total.trades,
      maxWinStreak: streaks.maxWin,
      maxLossStreak: streaks.maxLoss,
      netR: round2(total.netR),
      rTrades: total.rTrades,
    },
    rDistribution: rDistributionOf(buckets as Partial<Record<RRangeKey, number>>, total.rTrades),
    sessionBreakdown: TRADE_SESSIONS.flatMap((session) => {
      const sums = dimensionOf(groups, 'session').get(session);
      return sums ? [{ session, ...groupFigures(sums) }] : [];
    }),
    setupBreakdown: [...setups]
      .map(([key, sums]) => ({ ...setupRefOf(key, names), ...groupFigures(sums) }))
      .sort(byTradesThenKey((row) => row.setup)),
    assetBreakdown: [...dimensionOf(groups, 'symbol')]
      .map(([asset, sums]) => ({ asset, ...groupFigures(sums) }))
      .sort(byTradesThenKey((row) => row.asset)),
    timeAnalysis: {
      goldTime: gold.goldTime,
      goldTimeFromData: gold.fromData,
      bestHours: bestHoursOf(hours),
      bestDays: bestDaysOf(byNumber(dimensionOf(groups, 'weekday'))),
      heatmap: [...dimensionOf(groups, 'heat')]
        .map(([key, sums]) => {
          const [weekday, hour] = key.split(':').map(Number);
          return { weekday, hour, trades: sums.trades, netR: round2(sums.netR), avgR: avgROf(sums) };
        })
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    },
    cumulativeR: cumulativeROf(read.totals, range),
    comparison: comparisonOf(caller, read.peers, total),
    weeklyInsights: insightsOf('7 הימים האחרונים', totalOf(week), dimensionOf(week, 'session')),
    monthlyInsights: insightsOf('30 הימים האחרונים', totalOf(month), dimensionOf(month, 'session')),
  };
}
