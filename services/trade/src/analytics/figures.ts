import { DASHBOARD_FALLBACKS, R_RANGES, type RRangeKey, TRADE_SESSION_LABELS } from '@yoman/contracts';

// The figures of rules §8, as pure functions over the analytics read model's sums. Percentages carry one
// decimal, R values two.

export const round1 = (value: number) => Math.round((value + Number.EPSILON) * 10) / 10;
export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** The highest goal progress answered (%): a goal set close to zero cannot make the figure infinite. */
export const GOAL_PROGRESS_CAP = 1_000_000;

/** Monthly goal progress (rules §8): net R of the month ÷ the goal × 100, floored at 0, one decimal. */
export function goalProgressOf(netR: number, goalR: number): number {
  if (!(goalR > 0)) return 0;
  return Math.min(GOAL_PROGRESS_CAP, Math.max(0, round1((netR / goalR) * 100)));
}

/** A trade's result: +1 a win (P&L above 0), −1 a loss, 0 a break-even (neither). */
export type Outcome = 1 | -1 | 0;

/** What a group of trades sums to (a day, a month, a setup, an hour …). */
export interface GroupSums {
  trades: number;
  wins: number;
  losses: number;
  /** Trades with an R-multiple. */
  rTrades: number;
  /** Sum of R over the trades with R. */
  netR: number;
  /** Losses with R, and the sum of their R (negative). */
  lossRTrades: number;
  lossR: number;
  /** Sum of minutes from entry to exit. */
  holdMinutes: number;
  screenshots: number;
}

export const EMPTY_SUMS: GroupSums = {
  trades: 0,
  wins: 0,
  losses: 0,
  rTrades: 0,
  netR: 0,
  lossRTrades: 0,
  lossR: 0,
  holdMinutes: 0,
  screenshots: 0,
};

/** Wins over all trades (a break-even counts in the total, not as a win), in percent; 0 without trades. */
export const winRateOf = (sums: Pick<GroupSums, 'trades' | 'wins'>) =>
  sums.trades === 0 ? 0 : round1((sums.wins / sums.trades) * 100);

/** Net R over the trades with R; 0 when none. */
export const avgROf = (sums: Pick<GroupSums, 'rTrades' | 'netR'>) =>
  sums.rTrades === 0 ? 0 : round2(sums.netR / sums.rTrades);

/** A group's trades, win rate and average R, as the breakdowns show them. */
export const groupFigures = (sums: GroupSums) => ({
  trades: sums.trades,
  winRate: winRateOf(sums),
  avgR: avgROf(sums),
});

// ── R distribution ────────────────────────────────────────────────────────────────────────────────────

/** The seven buckets in order, with their counts and share of the trades with R. */
export function rDistributionOf(counts: Partial<Record<RRangeKey, number>>, rTrades: number) {
  return R_RANGES.map((range) => {
    const count = counts[range.key] ?? 0;
    return {
      key: range.key,
      range: range.label,
      count,
      percentage: rTrades === 0 ? 0 : round1((count / rTrades) * 100),
    };
  });
}

// ── time: gold time, best hours and days ──────────────────────────────────────────────────────────────

/** Entry hours with R: how many trades with R and their R sum, by hour 0–23. */
export type HourSums = ReadonlyMap<number, Pick<GroupSums, 'rTrades' | 'netR'>>;

export const GOLD_TIME_MIN_TRADES = 5;
export const BEST_SLOT_MIN_TRADES = 3;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The two-hour window of entry hours (00:00–02:00 … 22:00–24:00, starting on any whole hour) with the highest
 * sum of R among windows with at least 5 trades with R; ties go to the window with more trades, then the
 * earlier one. The default 14:00–16:00 when no window qualifies.
 */
export function goldTimeOf(hours: HourSums): { goldTime: string; fromData: boolean } {
  let best: { start: number; netR: number; trades: number } | undefined;
  for (let start = 0; start <= 22; start += 1) {
    const slots = [hours.get(start), hours.get(start + 1)];
    const trades = slots.reduce((sum, slot) => sum + (slot?.rTrades ?? 0), 0);
    const netR = round2(slots.reduce((sum, slot) => sum + (slot?.netR ?? 0), 0));
    if (trades < GOLD_TIME_MIN_TRADES) continue;
    if (!best || netR > best.netR || (netR === best.netR && trades > best.trades))
      best = { start, netR, trades };
  }
  if (!best) return { goldTime: DASHBOARD_FALLBACKS.goldTime, fromData: false };
  return { goldTime: `${hourLabel(best.start)}-${hourLabel(best.start + 2)}`, fromData: true };
}

/**
 * The three slots with the highest average R among those with at least 3 trades with R, best first; ties go
 * to more trades, then the earlier slot.
 */
export function bestSlotsOf(slots: ReadonlyMap<number, Pick<GroupSums, 'rTrades' | 'netR'>>) {
  return [...slots.entries()]
    .filter(([, sums]) => sums.rTrades >= BEST_SLOT_MIN_TRADES)
    .map(([slot, sums]) => ({ slot, trades: sums.rTrades, avgR: avgROf(sums) }))
    .sort((a, b) => b.avgR - a.avgR || b.trades - a.trades || a.slot - b.slot)
    .slice(0, 3);
}

export const bestHoursOf = (hours: HourSums) =>
  bestSlotsOf(hours).map(({ slot, trades, avgR }) => ({ hour: slot, label: hourLabel(slot), trades, avgR }));

export const HEBREW_WEEKDAYS = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'] as const;

export const bestDaysOf = (days: HourSums) =>
  bestSlotsOf(days).map(({ slot, trades, avgR }) => ({
    weekday: slot,
    label: HEBREW_WEEKDAYS[slot] ?? String(slot),
    trades,
    avgR,
  }));

// ── dashboard: Top 3 insights and weekly tasks ────────────────────────────────────────────────────────

export const INSIGHT_MIN_TRADES = 3;

/** The candidate with the highest score among those with at least 3 trades; ties go to more trades, then by key. */
export function topCandidate<Key extends string>(
  groups: ReadonlyMap<Key, GroupSums>,
  score: (sums: GroupSums) => number,
): Key | undefined {
  let best: { key: Key; score: number; trades: number } | undefined;
  for (const [key, sums] of groups) {
    if (sums.trades < INSIGHT_MIN_TRADES) continue;
    const value = round2(score(sums));
    if (
      !best ||
      value > best.score ||
      (value === best.score && (sums.trades > best.trades || (sums.trades === best.trades && key < best.key)))
    ) {
      best = { key, score: value, trades: sums.trades };
    }
  }
  return best?.key;
}

export const WEEKLY_TASK_MIN_TRADES = 5;
export const SCREENSHOT_SHARE_TARGET = 80;
export const HONOUR_STOP_AVG_LOSS_R = -1.2;

/** The last 30 days' sums a weekly task is chosen from. */
export interface TaskInputs {
  total: GroupSums;
  sessions: ReadonlyMap<string, GroupSums>;
}

/**
 * Three tasks chosen by rules from the last 30 days, in this order of precedence: attach screenshots (below
 * 80% of trades); honour the stop (average losing R worse than −1.2); work on the session with the lowest
 * average R (at least 3 trades with R, below the overall average); raise the win rate (below 50%); then the
 * spec's defaults fill the list. With fewer than 5 trades, the spec's three defaults.
 */
export function weeklyTasksOf({ total, sessions }: TaskInputs): string[] {
  const defaults: readonly string[] = DASHBOARD_FALLBACKS.weeklyTasks;
  if (total.trades < WEEKLY_TASK_MIN_TRADES) return [...defaults];
  const tasks: string[] = [];
  const screenshotShare = round1((total.screenshots / total.trades) * 100);
  if (screenshotShare < SCREENSHOT_SHARE_TARGET) {
    tasks.push(`לצרף צילום מסך לכל עסקה (כרגע ${screenshotShare}% מהעסקאות)`);
  }
  const avgLossR = total.lossRTrades === 0 ? 0 : round2(total.lossR / total.lossRTrades);
  if (avgLossR < HONOUR_STOP_AVG_LOSS_R) {
    tasks.push(`לכבד את הסטופ: ההפסד הממוצע הוא ${avgLossR.toFixed(2)}R`);
  }
  const weakest = weakestSession(sessions, avgROf(total));
  if (weakest) {
    const label =
      TRADE_SESSION_LABELS[weakest.session as keyof typeof TRADE_SESSION_LABELS] ?? weakest.session;
    tasks.push(`לשפר את המסחר בסשן ${label} (R ממוצע ${weakest.avgR.toFixed(2)})`);
  }
  if (winRateOf(total) < 50) tasks.push(`להקפיד על תנאי הכניסה: אחוז ההצלחה ${winRateOf(total)}%`);
  for (const task of defaults) if (tasks.length < 3) tasks.push(task);
  return tasks.slice(0, 3);
}

function weakestSession(sessions: ReadonlyMap<string, GroupSums>, overallAvgR: number) {
  const ranked = [...sessions.entries()]
    .filter(([, sums]) => sums.rTrades >= INSIGHT_MIN_TRADES)
    .map(([session, sums]) => ({ session, avgR: avgROf(sums) }))
    .sort((a, b) => a.avgR - b.avgR || a.session.localeCompare(b.session));
  const weakest = ranked[0];
  return weakest && ranked.length > 1 && weakest.avgR < overallAvgR ? weakest : undefined;
}

// ── analytics: weekly and monthly insights ────────────────────────────────────────────────────────────

/** Sentences about a stretch of days (the last 7 or 30): trades, win rate, net R, best session. */
export function insightsOf(
  label: string,
  total: GroupSums,
  sessions: ReadonlyMap<string, GroupSums>,
): string[] {
  if (total.trades === 0) return [`אין עסקאות ב${label}`];
  const lines = [
    `${total.trades} עסקאות ב${label}, אחוז הצלחה ${winRateOf(total)}%`,
    `R נטו ${round2(total.netR).toFixed(2)}R, ממוצע ${avgROf(total).toFixed(2)}R לעסקה`,
  ];
  const strongest = topCandidate(sessions, avgROf);
  if (strongest) {
    const label2 = TRADE_SESSION_LABELS[strongest as keyof typeof TRADE_SESSION_LABELS] ?? strongest;
    lines.push(`הסשן החזק: ${label2} (R ממוצע ${avgROf(sessions.get(strongest) ?? EMPTY_SUMS).toFixed(2)})`);
  }
  if (total.trades > 0 && total.screenshots < total.trades) {
    lines.push(`${total.trades - total.screenshots} עסקאות ללא צילום מסך`);
  }
  return lines;
}
