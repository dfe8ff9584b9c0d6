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

/** No trades: the start of every fold. */
export const EMPTY_SEQUENCE: DaySequence = {
  trades: 0,
  netR: 0,
  peak: 0,
  trough: 0,
  drawdown: 0,
  firstRun: 0,
  lastRun: 0,
  maxWinRun: 0,
  maxLossRun: 0,
};

/** True when the whole day is one run of wins or of losses, which a run from the day before continues. */
const isOneRun = (day: Runs) => day.firstRun !== 0 && Math.abs(day.firstRun) === day.trades;

/**
 * The day's summary with one more trade after its last in exit order; the day's state is its summary, so
 * a stored day extended by a trade equals the day folded again from its first trade.
 */
export function extendedSequence(day: DaySequence, trade: SequencedTrade): DaySequence {
  const netR = day.netR + (trade.r ?? 0);
  const peak = Math.max(day.peak, netR);
  // A break-even ends every run and starts none.
  const continues = day.trades > 0 && trade.outcome !== 0 && sameSide(day.lastRun, trade.outcome);
  const lastRun = continues ? day.lastRun + trade.outcome : trade.outcome;
  const inFirstRun = day.trades === 0 || (continues && isOneRun(day));
  return {
    trades: day.trades + 1,
    netR,
    peak,
    trough: Math.min(day.trough, netR),
    drawdown: Math.max(day.drawdown, peak - netR),
    firstRun: inFirstRun ? lastRun : day.firstRun,
    lastRun,
    maxWinRun: Math.max(day.maxWinRun, lastRun),
    maxLossRun: Math.max(day.maxLossRun, -lastRun),
  };
}

/** The day's sequence summary from its trades in exit order. */
export const daySequenceOf = (trades: readonly SequencedTrade[]): DaySequence =>
  trades.reduce(extendedSequence, EMPTY_SEQUENCE);

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

/** The runs of a sequence: what streaks need of it. */
export type Runs = Pick<DaySequence, 'trades' | 'firstRun' | 'lastRun' | 'maxWinRun' | 'maxLossRun'>;

/** The runs of two consecutive sequences taken as one: a run at the end of the first continues into the second. */
export function composedRuns(before: Runs, after: Runs): Runs {
  const continues = sameSide(before.lastRun, after.firstRun);
  const joined = continues ? before.lastRun + after.firstRun : after.firstRun;
  const inFirstRun = before.trades === 0 || (continues && isOneRun(before));
  return {
    trades: before.trades + after.trades,
    firstRun: inFirstRun ? joined : before.firstRun,
    lastRun: isOneRun(after) ? joined : after.lastRun,
    maxWinRun: Math.max(before.maxWinRun, after.maxWinRun, joined),
    maxLossRun: Math.max(before.maxLossRun, after.maxLossRun, -joined),
  };
}

/** Two consecutive sequences (days or months) summed into one that composes the same way. */
export function composedSequence(before: DaySequence, after: DaySequence): DaySequence {
  return {
    ...composedRuns(before, after),
    netR: before.netR + after.netR,
    peak: Math.max(before.peak, before.netR + after.peak),
    trough: Math.min(before.trough, before.netR + after.trough),
    drawdown: Math.max(before.drawdown, after.drawdown, before.peak - (before.netR + after.trough)),
  };
}

/**
 * Consecutive days (in date order) summed into one sequence that composes like a day: a month of days, so
 * all-time streaks compose a user's months instead of every day they traded.
 */
export const composedSequenceOf = (days: readonly DaySequence[]): DaySequence =>
  days.reduce(composedSequence, EMPTY_SEQUENCE);

export interface Streaks {
  /** The run ending at the latest exit: +n wins, −n losses, 0 after a break-even. */
  current: number;
  maxWin: number;
  maxLoss: number;
}

/** The streaks a sequence's runs end with. */
export const streaksOfRuns = (runs: Runs): Streaks => ({
  current: runs.lastRun,
  maxWin: runs.maxWinRun,
  maxLoss: runs.maxLossRun,
});

/** Streaks over consecutive days (in date order); a run continues across days. */
export const streaksOf = (days: readonly DaySequence[]): Streaks =>
  streaksOfRuns(days.reduce<Runs>(composedRuns, EMPTY_SEQUENCE));
