// Sequences of results (rules §8): drawdown and streaks, composed day by day and month by month.
import { type Outcome, round2 } from './figures';

/** One trade in exit order: its R (null without a stop, counted as 0 in cumulative R) and its result. */
export interface SequencedTrade {
  r: number | null;
  outcome: Outcome;
}

/**
 * A day's trades in exit order, summed so that days compose: cumulative R's highest and lowest point and
 * its largest fall within the day (all relative to the day's start, which counts as a point), and its runs
 * of results as signed lengths (+n wins, −n losses, 0 a break-even).
 */
export interface DaySequence {
  trades: number;
  netR: number;
  /** Highest cumulative R within the day, at least 0 (the start). */
  peak: number;
  /** Lowest cumulative R within the day, at most 0. */
  trough: number;
  /** Largest fall of cumulative R from a running peak within the day (the peak starting at 0). */
  drawdown: number;
  firstRun: number;
  lastRun: number;
  maxWinRun: number;
  maxLossRun: number;
}

const sameSide = (a: number, b: number) => (a > 0 && b > 0) || (a < 0 && b < 0);

/** Runs of results as signed lengths: the first run, the last, and the longest of wins and of losses. */
function runsOf(outcomes: readonly Outcome[]) {
  let run = 0;
  let firstRun = 0;
  let inFirstRun = true;
  let maxWinRun = 0;
  let maxLossRun = 0;
  for (const [index, outcome] of outcomes.entries()) {
    const extends_ = index > 0 && outcome !== 0 && sameSide(run, outcome);
    // A break-even ends every run and starts none.
    run = extends_ ? run + outcome : outcome;
    if (index > 0 && !extends_) inFirstRun = false;
    if (inFirstRun) firstRun = run;
    maxWinRun = Math.max(maxWinRun, run);
    maxLossRun = Math.max(maxLossRun, -run);
  }
  return { firstRun, lastRun: run, maxWinRun, maxLossRun };
}

/** The day's sequence summary from its trades in exit order. */
export function daySequenceOf(trades: readonly SequencedTrade[]): DaySequence {
  let level = 0;
  let peak = 0;
  let trough = 0;
  let drawdown = 0;
  for (const trade of trades) {
    level += trade.r ?? 0;
    peak = Math.max(peak, level);
    trough = Math.min(trough, level);
    drawdown = Math.max(drawdown, peak - level);
  }
  return {
    trades: trades.length,
    netR: level,
    peak,
    trough,
    drawdown,
    ...runsOf(trades.map((trade) => trade.outcome)),
  };
}

/** True when the whole day is one run of wins or of losses, which a run from the day before continues. */
const isOneRun = (day: DaySequence) => day.firstRun !== 0 && Math.abs(day.firstRun) === day.trades;

/**
 * The largest fall of cumulative R from a running peak over consecutive days, the peak starting at 0 at the
 * first day's start; a positive number, 0 when R never fell.
 */
export function drawdownOf(days: readonly DaySequence[]): number {
  let level = 0;
  let peak = 0;
  let drawdown = 0;
  for (const day of days) {
    drawdown = Math.max(drawdown, day.drawdown, peak - (level + day.trough));
    peak = Math.max(peak, level + day.peak);
    level += day.netR;
  }
  return round2(drawdown);
}

/**
 * Consecutive days (in date order) summed into one sequence that composes like a day: a month of days, so
 * all-time streaks compose a user's months instead of every day they traded.
 */
export function composedSequenceOf(days: readonly DaySequence[]): DaySequence {
  let level = 0;
  let peak = 0;
  let trough = 0;
  let drawdown = 0;
  let trades = 0;
  let firstRun = 0;
  let inFirstRun = true;
  let current = 0;
  let maxWinRun = 0;
  let maxLossRun = 0;
  for (const [index, day] of days.entries()) {
    drawdown = Math.max(drawdown, day.drawdown, peak - (level + day.trough));
    peak = Math.max(peak, level + day.peak);
    trough = Math.min(trough, level + day.trough);
    level += day.netR;
    trades += day.trades;
    const continues = index > 0 && sameSide(current, day.firstRun);
    const joined = continues ? current + day.firstRun : day.firstRun;
    maxWinRun = Math.max(maxWinRun, day.maxWinRun, joined);
    maxLossRun = Math.max(maxLossRun, day.maxLossRun, -joined);
    if (inFirstRun && (index === 0 || continues)) firstRun = joined;
    else inFirstRun = false;
    if (!isOneRun(day)) inFirstRun = false;
    current = isOneRun(day) ? joined : day.lastRun;
  }
  return { trades, netR: level, peak, trough, drawdown, firstRun, lastRun: current, maxWinRun, maxLossRun };
}

export interface Streaks {
  /** The run ending at the latest exit: +n wins, −n losses, 0 after a break-even. */
  current: number;
  maxWin: number;
  maxLoss: number;
}

/** Streaks over consecutive days (in date order); a run continues across days. */
export function streaksOf(days: readonly DaySequence[]): Streaks {
  let current = 0;
  let maxWin = 0;
  let maxLoss = 0;
  for (const day of days) {
    const joined = sameSide(current, day.firstRun) ? current + day.firstRun : day.firstRun;
    maxWin = Math.max(maxWin, day.maxWinRun, joined);
    maxLoss = Math.max(maxLoss, day.maxLossRun, -joined);
    current = isOneRun(day) ? joined : day.lastRun;
  }
  return { current, maxWin, maxLoss };
}
