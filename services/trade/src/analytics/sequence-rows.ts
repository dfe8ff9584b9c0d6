import type { Knex } from 'knex';
import { readTogether } from './analytics-reads';
import { deletePart, inChunks, keyOf, upsertPart, type WritePart } from './analytics-rows';
import {
  type DayWork,
  dayTradesPart,
  firstMonthsOf,
  inExitOrder,
  monthOf,
  type Ordered,
  sequencedFact,
} from './sequence-reads';
import {
  composedRuns,
  composedSequenceOf,
  type DaySequence,
  EMPTY_SEQUENCE,
  extendedSequence,
  type Runs,
  streaksOfRuns,
} from './sequences';
import type { TradeFact } from './trade-facts';

/** The sequence columns of a `trade_analytics_days` or `trade_analytics_months` row as stored. */
interface SequenceRow {
  trades: number;
  net_r: string | number;
  peak: string | number;
  trough: string | number;
  drawdown: string | number;
  first_run: number;
  last_run: number;
  max_win_run: number;
  max_loss_run: number;
}

interface DayRow extends SequenceRow {
  user_id: string;
  date: string;
}

/** A month's row also keeps the runs of the owner's months up to and including it, so streaks compose from it. */
interface MonthRow extends SequenceRow {
  user_id: string;
  month: string;
  through_trades: number;
  through_first_run: number;
  through_last_run: number;
  through_max_win_run: number;
  through_max_loss_run: number;
}

export const daySequenceOfRow = (row: SequenceRow): DaySequence => ({
  trades: Number(row.trades),
  netR: Number(row.net_r),
  peak: Number(row.peak),
  trough: Number(row.trough),
  drawdown: Number(row.drawdown),
  firstRun: Number(row.first_run),
  lastRun: Number(row.last_run),
  maxWinRun: Number(row.max_win_run),
  maxLossRun: Number(row.max_loss_run),
});

const sequenceColumns = (sequence: DaySequence) => ({
  trades: sequence.trades,
  net_r: sequence.netR,
  peak: sequence.peak,
  trough: sequence.trough,
  drawdown: sequence.drawdown,
  first_run: sequence.firstRun,
  last_run: sequence.lastRun,
  max_win_run: sequence.maxWinRun,
  max_loss_run: sequence.maxLossRun,
});

const runsOfMonthRow = (row: MonthRow): Runs => ({
  trades: Number(row.through_trades),
  firstRun: Number(row.through_first_run),
  lastRun: Number(row.through_last_run),
  maxWinRun: Number(row.through_max_win_run),
  maxLossRun: Number(row.through_max_loss_run),
});

const throughColumns = (runs: Runs) => ({
  through_trades: runs.trades,
  through_first_run: runs.firstRun,
  through_last_run: runs.lastRun,
  through_max_win_run: runs.maxWinRun,
  through_max_loss_run: runs.maxLossRun,
});

/** A trade's fact before and after a batch (none: not stored, or deleted). */
type Read = Record<string, readonly Record<string, unknown>[]>;

/** Rows grouped under a key. */
function groupedBy<Row>(rows: readonly Row[], keyOfRow: (row: Row) => string) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOfRow(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Whether the day only gains trades that all exit after its last stored one: then its summary extends. */
function extendsAtEnd(day: DayWork, last: Ordered | undefined) {
  return day.leaving.size === 0 && (!last || day.joining.every((trade) => inExitOrder(last, trade) < 0));
}

/**
 * Each changed day's new summary (undefined: no trades left). A day that only gains trades after its last
 * extends its stored summary, whatever its size; any other day is folded again from its trades (read here
 * when the batch's read did not have them). The fold is the same either way, so the rows are too.
 */
async function daySequencesOf(
  trx: Knex.Transaction,
  days: readonly DayWork[],
  read: Read,
): Promise<Map<string, DaySequence | undefined>> {
  const stored = new Map(
    (read.monthDays as unknown as DayRow[]).map((row) => [keyOf(row.user_id, row.date), row]),
  );
  const lasts = new Map(
    ((read.lastTrades ?? []) as unknown as (Ordered & { user_id: string; date: string })[]).map((row) => [
      keyOf(row.user_id, row.date),
      row,
    ]),
  );
  const extending = new Set(days.filter((day) => extendsAtEnd(day, lasts.get(keyOf(day.user_id, day.date)))));
  const refolding = days.filter((day) => !extending.has(day));
  const unread = refolding.filter((day) => day.leaving.size === 0);
  const trades = [
    ...((read.dayTrades ?? []) as Record<string, unknown>[]),
    ...(unread.length > 0 ? (await readTogether(trx, { dayTrades: dayTradesPart(unread) })).dayTrades : []),
  ] as unknown as (TradeFact & { r_multiple: string | null })[];
  const storedTrades = groupedBy(trades, (trade) => keyOf(trade.user_id, trade.date));
  const sequences = new Map<string, DaySequence | undefined>();
  for (const day of extending) {
    const key = keyOf(day.user_id, day.date);
    const row = stored.get(key);
    const start = row ? daySequenceOfRow(row) : EMPTY_SEQUENCE;
    sequences.set(key, [...day.joining].sort(inExitOrder).reduce(extendedSequence, start));
  }
  for (const day of refolding) {
    const key = keyOf(day.user_id, day.date);
    const staying = (storedTrades.get(key) ?? [])
      .map(sequencedFact)
      .filter((trade) => !day.leaving.has(trade.trade_id));
    const all = [...staying, ...day.joining].sort(inExitOrder);
    sequences.set(key, all.length === 0 ? undefined : all.reduce(extendedSequence, EMPTY_SEQUENCE));
  }
  return sequences;
}

/** Each changed month's new summary, composed from its days in order (undefined: no days left). */
function monthSequencesOf(days: readonly DayRow[], changed: ReadonlyMap<string, DaySequence | undefined>) {
  const months = new Map<string, Map<string, DaySequence>>();
  const dayIn = (userId: string, date: string, sequence: DaySequence | undefined) => {
    const key = keyOf(userId, monthOf(date));
    const month = months.get(key) ?? new Map<string, DaySequence>();
    months.set(key, month);
    if (sequence) month.set(date, sequence);
    else month.delete(date);
  };
  for (const row of days) dayIn(row.user_id, row.date, daySequenceOfRow(row));
  for (const [key, sequence] of changed) {
    const [userId, date] = key.split('\n');
    dayIn(userId, date, sequence);
  }
  const sequences = new Map<string, DaySequence | undefined>();
  for (const [key, month] of months) {
    const ordered = [...month.keys()].sort().map((date) => month.get(date) as DaySequence);
    sequences.set(key, ordered.length === 0 ? undefined : composedSequenceOf(ordered));
  }
  return sequences;
}

interface OwnerMonths {
  /** The month rows to write, from the first changed month on, each with the runs through it. */
  kept: Record<string, unknown>[];
  /** The streaks the owner's months end with. */
  streaks: Runs;
}

/**
 * An owner's month rows from the first changed one on, each with the runs of every month up to it: the
 * month before gives the runs so far, so a save in the latest month costs that month alone.
 */
function ownerMonthsOf(
  userId: string,
  first: string,
  stored: readonly MonthRow[],
  changed: ReadonlyMap<string, DaySequence | undefined>,
): OwnerMonths {
  const before = stored.filter((row) => row.month < first).at(-1);
  const months = new Map<string, DaySequence>();
  for (const row of stored) if (row.month >= first) months.set(row.month, daySequenceOfRow(row));
  for (const [key, sequence] of changed) {
    const [owner, month] = key.split('\n');
    if (owner !== userId) continue;
    if (sequence) months.set(month, sequence);
    else months.delete(month);
  }
  let runs: Runs = before ? runsOfMonthRow(before) : EMPTY_SEQUENCE;
  const kept: Record<string, unknown>[] = [];
  for (const month of [...months.keys()].sort()) {
    const sequence = months.get(month) as DaySequence;
    runs = composedRuns(runs, sequence);
    kept.push({ user_id: userId, month, ...sequenceColumns(sequence), ...throughColumns(runs) });
  }
  return { kept, streaks: runs };
}

const streakColumns = (userId: string, runs: Runs) => {
  const streaks = streaksOfRuns(runs);
  return {
    user_id: userId,
    current_streak: streaks.current,
    max_win_streak: streaks.maxWin,
    max_loss_streak: streaks.maxLoss,
  };
};

/** The writes of the changed days' and months' summaries and of their owners' streaks. */
export async function sequenceWrites(
  trx: Knex.Transaction,
  days: readonly DayWork[],
  read: Read,
): Promise<WritePart[]> {
  if (days.length === 0) return [];
  const daySequences = await daySequencesOf(trx, days, read);
  const monthSequences = monthSequencesOf(read.monthDays as unknown as DayRow[], daySequences);
  const storedMonths = [...(read.months as unknown as MonthRow[])].sort((a, b) =>
    a.month < b.month ? -1 : 1,
  );
  const owners = firstMonthsOf(days).map(([userId, first]) => ({
    userId,
    ...ownerMonthsOf(
      userId,
      first,
      storedMonths.filter((row) => row.user_id === userId),
      monthSequences,
    ),
  }));
  const entries = <Value>(map: ReadonlyMap<string, Value>) =>
    [...map].map(([key, value]) => {
      const [user_id, period] = key.split('\n');
      return { user_id, period, value };
    });
  const dayEntries = entries(daySequences);
  const monthEntries = entries(monthSequences);
  return [
    ...deletePart(
      'trade_analytics_days',
      { user_id: 'text', date: 'text' },
      dayEntries.filter((day) => !day.value).map(({ user_id, period }) => ({ user_id, date: period })),
    ),
    ...upsertPart(
      'trade_analytics_days',
      ['user_id', 'date'],
      dayEntries.flatMap(({ user_id, period, value }) =>
        value ? [{ user_id, date: period, ...sequenceColumns(value) }] : [],
      ),
    ),
    ...deletePart(
      'trade_analytics_months',
      { user_id: 'text', month: 'text' },
      monthEntries.filter((month) => !month.value).map(({ user_id, period }) => ({ user_id, month: period })),
    ),
    ...upsertPart(
      'trade_analytics_months',
      ['user_id', 'month'],
      owners.flatMap((owner) => owner.kept),
    ),
    ...upsertPart(
      'trade_analytics_streaks',
      ['user_id'],
      owners.map((owner) => streakColumns(owner.userId, owner.streaks)),
    ),
  ];
}

/** The streak rows of owners whose sequences a batch left as they were: kept, or all zero when new. */
export const unchangedStreakWrites = (users: readonly string[]) =>
  upsertPart(
    'trade_analytics_streaks',
    ['user_id'],
    users.map((userId) => streakColumns(userId, EMPTY_SEQUENCE)),
    { keepStored: true },
  );

/** Composes the month summaries of every day row kept (the months table added beside existing days, 0311). */
export async function fillMonthSequences(db: Knex) {
  const days: DayRow[] = await db('trade_analytics_days').orderBy(['user_id', 'date']);
  const months = new Map<string, { user_id: string; month: string; days: DaySequence[] }>();
  for (const row of days) {
    const key = keyOf(row.user_id, monthOf(row.date));
    const month = months.get(key) ?? { user_id: row.user_id, month: monthOf(row.date), days: [] };
    month.days.push(daySequenceOfRow(row));
    months.set(key, month);
  }
  const rows = [...months.values()].map(({ user_id, month, days: sequences }) => ({
    user_id,
    month,
    ...sequenceColumns(composedSequenceOf(sequences)),
  }));
  for (const chunk of inChunks(rows)) await db('trade_analytics_months').insert(chunk);
}

/** Sets each month row's runs through it from the owner's months in order (the through columns added, 0312). */
export async function fillMonthRuns(db: Knex) {
  const months: MonthRow[] = await db('trade_analytics_months').orderBy(['user_id', 'month']);
  for (const [userId, rows] of groupedBy(months, (row) => row.user_id)) {
    const first = rows[0].month;
    const { kept } = ownerMonthsOf(userId, first, rows, new Map());
    for (const chunk of inChunks(kept))
      await db('trade_analytics_months').insert(chunk).onConflict(['user_id', 'month']).merge();
  }
}
