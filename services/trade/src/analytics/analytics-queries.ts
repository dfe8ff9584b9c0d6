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
import { daySequenceOfRow } from './analytics-projection';
import {
  avgROf,
  bestDaysOf,
  bestHoursOf,
  drawdownOf,
  EMPTY_SUMS,
  type GroupSums,
  goldTimeOf,
  groupFigures,
  insightsOf,
  rDistributionOf,
  round1,
  round2,
  streaksOf,
  topCandidate,
  weeklyTasksOf,
  winRateOf,
} from './figures';
import {
  type DayRange,
  daysEndingOn,
  daysOfMonth,
  earlierDay,
  periodCondition,
  periodRowsOf,
  spanInDays,
  todayIn,
} from './periods';

/** Who asks, and in which zone their days are read. */
export interface AnalyticsCaller {
  userId: string;
  organisationId: string | null;
  timezone: string;
  monthlyGoalR: number;
  now: Date;
}

type Dimension = 'total' | 'session' | 'setup' | 'symbol' | 'hour' | 'weekday' | 'heat' | 'bucket';
type Groups = Map<Dimension, Map<string, GroupSums>>;

const SUMS_SQL = `sum(trades)::int as trades, sum(wins)::int as wins, sum(losses)::int as losses,
  sum(r_trades)::int as r_trades, sum(net_r)::float8 as net_r, sum(loss_r_trades)::int as loss_r_trades,
  sum(loss_r)::float8 as loss_r, sum(hold_minutes)::float8 as hold_minutes, sum(screenshots)::int as screenshots`;

interface SumsRow {
  trades: number;
  wins: number;
  losses: number;
  r_trades: number;
  net_r: number;
  loss_r_trades: number;
  loss_r: number;
  hold_minutes: number;
  screenshots: number;
}

const sumsOfRow = (row: SumsRow): GroupSums => ({
  trades: Number(row.trades),
  wins: Number(row.wins),
  losses: Number(row.losses),
  rTrades: Number(row.r_trades),
  netR: Number(row.net_r),
  lossRTrades: Number(row.loss_r_trades),
  lossR: Number(row.loss_r),
  holdMinutes: Number(row.hold_minutes),
  screenshots: Number(row.screenshots),
});

/** A user's sums over a range of days, by dimension and key, for the dimensions asked. */
async function groupsOver(
  db: Knex,
  userId: string,
  range: DayRange,
  dimensions: readonly Dimension[],
): Promise<Groups> {
  const period = periodCondition(periodRowsOf(range));
  const { rows } = await db.raw<{ rows: (SumsRow & { dimension: Dimension; key: string })[] }>(
    `select dimension, key, ${SUMS_SQL} from trade_analytics_groups
     where user_id = ? and dimension in (${dimensions.map(() => '?').join(', ')}) and ${period.sql}
     group by dimension, key`,
    [userId, ...dimensions, ...period.bindings],
  );
  const groups: Groups = new Map(dimensions.map((dimension) => [dimension, new Map()]));
  for (const row of rows) groups.get(row.dimension)?.set(row.key, sumsOfRow(row));
  return groups;
}

const totalOf = (groups: Groups) => groups.get('total')?.get('') ?? EMPTY_SUMS;
const dimension = (groups: Groups, name: Dimension) => groups.get(name) ?? new Map<string, GroupSums>();

async function daySequencesOver(db: Knex, userId: string, range: Required<DayRange>) {
  const rows = await db('trade_analytics_days')
    .where('user_id', userId)
    .whereBetween('date', [range.from, range.to])
    .orderBy('date');
  return rows.map(daySequenceOfRow);
}

async function allTimeStreaks(db: Knex, userId: string) {
  const row = await db('trade_analytics_streaks').where('user_id', userId).first();
  return {
    current: Number(row?.current_streak ?? 0),
    maxWin: Number(row?.max_win_streak ?? 0),
    maxLoss: Number(row?.max_loss_streak ?? 0),
  };
}

const isBuiltInSetup = (key: string): key is (typeof SETUP_TYPES)[number] =>
  (SETUP_TYPES as readonly string[]).includes(key);

/** Names of the user's library setups among these keys (another user's id is never named). */
async function setupNamesOf(db: Knex, userId: string, keys: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...keys].filter((key) => !isBuiltInSetup(key));
  if (ids.length === 0) return new Map();
  const rows: { id: string; name: string }[] = await db('trade_setups')
    .where('user_id', userId)
    .whereIn('id', ids)
    .select('id', 'name');
  return new Map(rows.map((row) => [row.id, row.name]));
}

function setupRefOf(key: string, names: ReadonlyMap<string, string>): SetupRef {
  if (isBuiltInSetup(key)) return { setup: key, name: SETUP_TYPE_LABELS[key], isLibrary: false };
  return { setup: key, name: names.get(key) ?? 'סטאפ שנמחק', isLibrary: true };
}

const INSIGHT_DAYS = 90;
const TASK_DAYS = 30;

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
  const [monthGroups, days, streaks, recent, tasks] = await Promise.all([
    groupsOver(db, caller.userId, monthDays, ['total']),
    daySequencesOver(db, caller.userId, monthDays),
    allTimeStreaks(db, caller.userId),
    groupsOver(db, caller.userId, daysEndingOn(anchor, INSIGHT_DAYS), ['setup', 'session', 'symbol']),
    groupsOver(db, caller.userId, daysEndingOn(anchor, TASK_DAYS), ['total', 'session']),
  ]);
  const total = totalOf(monthGroups);
  const bestSetupKey = topCandidate(dimension(recent, 'setup'), (sums) => sums.netR);
  const strongestSession = topCandidate(dimension(recent, 'session'), avgROf) as
    | TradeSessionValue
    | undefined;
  const dominantAsset = topCandidate(dimension(recent, 'symbol'), (sums) => sums.trades);
  const names = await setupNamesOf(db, caller.userId, bestSetupKey ? [bestSetupKey] : []);
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
    monthlyDrawdown: drawdownOf(days),
    totalTrades: total.trades,
    monthlyProgress: Math.max(0, round1((total.netR / caller.monthlyGoalR) * 100)),
    monthlyGoalR: caller.monthlyGoalR,
    bestSetup: setupRefOf(bestSetupKey ?? DASHBOARD_FALLBACKS.bestSetup, names),
    strongestSession: strongestSession ?? DASHBOARD_FALLBACKS.strongestSession,
    dominantAsset: dominantAsset ?? DASHBOARD_FALLBACKS.dominantAsset,
    fallbacks,
    weeklyTasks: weeklyTasksOf({ total: totalOf(tasks), sessions: dimension(tasks, 'session') }),
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
async function cumulativeROf(db: Knex, userId: string, range: DayRange): Promise<Analytics['cumulativeR']> {
  const span = spanInDays(range);
  const grain = span !== undefined && span <= CUMULATIVE_R_DAY_SPAN ? 'day' : 'month';
  const rows = periodRowsOf(range);
  // All time is every month row (the all-time row has no dates).
  const period = periodCondition(
    rows.grain === 'all' ? { grain: 'mixed', months: ['0000-01', '9999-12'], days: [] } : rows,
  );
  const { rows: totals } = await db.raw<{ rows: { period: string; net_r: number; trades: number }[] }>(
    `select period, net_r::float8 as net_r, trades from trade_analytics_groups
     where user_id = ? and dimension = 'total' and ${period.sql}`,
    [userId, ...period.bindings],
  );
  const points = new Map<string, { netR: number; trades: number }>();
  for (const row of totals) {
    const key = grain === 'day' ? row.period : row.period.slice(0, 7);
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
async function comparisonOf(
  db: Knex,
  caller: AnalyticsCaller,
  range: DayRange,
  mine: GroupSums,
): Promise<Analytics['comparison']> {
  const me = comparedFigures(mine);
  if (!caller.organisationId) return { scope: 'none', me, peers: null, peerCount: 0 };
  const period = periodCondition(periodRowsOf(range));
  const { rows } = await db.raw<{ rows: (SumsRow & { user_id: string })[] }>(
    `select g.user_id, ${SUMS_SQL} from trade_analytics_groups g
     join trade_analytics_members m on m.user_id = g.user_id
     where m.organisation_id = ? and g.user_id <> ? and g.dimension = 'total' and ${period.sql}
     group by g.user_id`,
    [caller.organisationId, caller.userId, ...period.bindings],
  );
  const peers = rows.map(sumsOfRow).filter((sums) => sums.trades > 0);
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
  const [groups, streaks, cumulativeR, week, month] = await Promise.all([
    groupsOver(db, caller.userId, range, ALL_DIMENSIONS),
    allTime
      ? allTimeStreaks(db, caller.userId)
      : daySequencesOver(db, caller.userId, {
          from: range.from ?? '0000-01-01',
          to: range.to ?? '9999-12-31',
        }).then(streaksOf),
    cumulativeROf(db, caller.userId, range),
    groupsOver(db, caller.userId, daysEndingOn(anchor, 7), ['total', 'session']),
    groupsOver(db, caller.userId, daysEndingOn(anchor, 30), ['total', 'session']),
  ]);
  const total = totalOf(groups);
  const setups = dimension(groups, 'setup');
  const [names, comparison] = await Promise.all([
    setupNamesOf(db, caller.userId, setups.keys()),
    comparisonOf(db, caller, range, total),
  ]);
  const hours = byNumber(dimension(groups, 'hour'));
  const gold = goldTimeOf(hours);
  const buckets = Object.fromEntries(
    [...dimension(groups, 'bucket')].map(([key, sums]) => [key, sums.trades]),
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
      const sums = dimension(groups, 'session').get(session);
      return sums ? [{ session, ...groupFigures(sums) }] : [];
    }),
    setupBreakdown: [...setups]
      .map(([key, sums]) => ({ ...setupRefOf(key, names), ...groupFigures(sums) }))
      .sort(byTradesThenKey((row) => row.setup)),
    assetBreakdown: [...dimension(groups, 'symbol')]
      .map(([asset, sums]) => ({ asset, ...groupFigures(sums) }))
      .sort(byTradesThenKey((row) => row.asset)),
    timeAnalysis: {
      goldTime: gold.goldTime,
      goldTimeFromData: gold.fromData,
      bestHours: bestHoursOf(hours),
      bestDays: bestDaysOf(byNumber(dimension(groups, 'weekday'))),
      heatmap: [...dimension(groups, 'heat')]
        .map(([key, sums]) => {
          const [weekday, hour] = key.split(':').map(Number);
          return { weekday, hour, trades: sums.trades, netR: round2(sums.netR), avgR: avgROf(sums) };
        })
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    },
    cumulativeR,
    comparison,
    weeklyInsights: insightsOf('7 הימים האחרונים', totalOf(week), dimension(week, 'session')),
    monthlyInsights: insightsOf('30 הימים האחרונים', totalOf(month), dimension(month, 'session')),
  };
}
