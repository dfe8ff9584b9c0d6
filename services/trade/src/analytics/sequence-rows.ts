import type { Knex } from 'knex';
import { readTogether, type SqlPart } from './analytics-reads';
import { deletePart, inChunks, keyOf, upsertPart, type WritePart } from './analytics-rows';
import type { Outcome } from './figures';
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
export interface FactChange {
  before?: TradeFact;
  after?: TradeFact;
}

/** What orders a day's trades and what they add to its sequence. */
interface SequencedFact {
  trade_id: string;
  exit_time: string;
  r: number | null;
  outcome: Outcome;
}

const sequencedFact = (fact: {
  trade_id: string;
  exit_time: string;
  r_multiple: string | null;
  outcome: number;
}): SequencedFact => ({
  trade_id: fact.trade_id.toLowerCase(),
  exit_time: fact.exit_time,
  r: fact.r_multiple === null ? null : Number(fact.r_multiple),
  outcome: Number(fact.outcome) as Outcome,
});

type Ordered = Pick<SequencedFact, 'trade_id' | 'exit_time'>;

/** Exit order, as the day's sequence reads its trades: exit time, then trade id. */
const inExitOrder = (a: Ordered, b: Ordered) =>
  a.exit_time === b.exit_time
    ? Number(a.trade_id > b.trade_id) - Number(a.trade_id < b.trade_id)
    : Number(a.exit_time > b.exit_time) - Number(a.exit_time < b.exit_time);

const sequenceKeyOf = (fact: TradeFact) => {
  const { exit_time, r, outcome } = sequencedFact(fact);
  return [fact.user_id, fact.date, exit_time, r, outcome].join('\n');
};

/** Whether a change moves any day's sequence (a screenshot or a setup alone does not). */
const movesSequence = ({ before, after }: FactChange) =>
  !before || !after || sequenceKeyOf(before) !== sequenceKeyOf(after);

/** A day whose sequence a batch changes: the trades it lost (stored there) and the ones it gained. */
interface DayWork {
  user_id: string;
  date: string;
  leaving: Set<string>;
  joining: SequencedFact[];
}

/** Each day whose sequence the batch changes. */
export function daysToResequence(changes: readonly FactChange[]): DayWork[] {
  const days = new Map<string, DayWork>();
  const dayOf = (fact: TradeFact) => {
    const key = keyOf(fact.user_id, fact.date);
    const day = days.get(key) ?? { user_id: fact.user_id, date: fact.date, leaving: new Set(), joining: [] };
    days.set(key, day);
    return day;
  };
  for (const change of changes.filter(movesSequence)) {
    if (change.before) dayOf(change.before).leaving.add(change.before.trade_id.toLowerCase());
    if (change.after) dayOf(change.after).joining.push(sequencedFact(change.after));
  }
  return [...days.values()];
}

const monthOf = (date: string) => date.slice(0, 7);

/** `(values (?, ?), …)` of pairs, with their bindings. */
function pairList(pairs: readonly (readonly [string, string])[]) {
  return {
    sql: `(values ${pairs.map(() => '(?, ?)').join(', ')})`,
    bindings: pairs.flatMap((pair) => [...pair]),
  };
}

const EXIT_TIME = `to_char(t.exit_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The stored trades of these days. */
function dayTradesPart(days: readonly DayWork[]): SqlPart {
  const list = pairList(days.map((day) => [day.user_id, day.date]));
  return {
    sql: `select t.trade_id::text as trade_id, t.user_id, t.date, ${EXIT_TIME} as exit_time,
        t.r_multiple::text as r_multiple, t.outcome
      from trade_analytics_trades t join ${list.sql} as w(user_id, date) on t.user_id = w.user_id and t.date = w.date`,
    bindings: list.bindings,
  };
}

/** The last stored trade of each of these days (one index probe each). */
function lastTradesPart(days: readonly DayWork[]): SqlPart {
  const list = pairList(days.map((day) => [day.user_id, day.date]));
  return {
    sql: `select w.user_id, w.date, l.trade_id, l.exit_time from ${list.sql} as w(user_id, date)
      cross join lateral (select t.trade_id::text as trade_id, ${EXIT_TIME} as exit_time
        from trade_analytics_trades t where t.user_id = w.user_id and t.date = w.date
        order by t.exit_time desc, t.trade_id desc limit 1) l`,
    bindings: list.bindings,
  };
}

/** The stored day rows of these months (at most 31 each). */
function monthDaysPart(months: readonly (readonly [string, string])[]): SqlPart {
  const list = pairList(months);
  return {
    sql: `select d.* from trade_analytics_days d join ${list.sql} as m(user_id, month)
      on d.user_id = m.user_id and d.date between m.month || '-01' and m.month || '-31'`,
    bindings: list.bindings,
  };
}

/** Each owner's month rows from the first month changed on, and the month row just before it. */
function monthsFromPart(firstMonths: readonly (readonly [string, string])[]): SqlPart {
  const list = pairList(firstMonths);
  return {
    sql: `select mo.* from trade_analytics_months mo join ${list.sql} as u(user_id, first)
        on mo.user_id = u.user_id and mo.month >= u.first
      union all
      select p.* from ${list.sql} as u(user_id, first) cross join lateral (
        select * from trade_analytics_months mo where mo.user_id = u.user_id and mo.month < u.first
        order by mo.month desc limit 1) p`,
    bindings: [...list.bindings, ...list.bindings],
  };
}

/** The first month each owner's changed days fall in. */
function firstMonthsOf(days: readonly DayWork[]): [string, string][] {
  const first = new Map<string, string>();
  for (const day of days) {
    const month = monthOf(day.date);
    const known = first.get(day.user_id);
    if (!known || month < known) first.set(day.user_id, month);
  }
  return [...first.entries()];
}

function monthsOfDays(days: readonly DayWork[]): [string, string][] {
  const months = new Map<string, [string, string]>();
  for (const day of days) months.set(keyOf(day.user_id, monthOf(day.date)), [day.user_id, monthOf(day.date)]);
  return [...months.values()];
}

/**
 * What the sequences of these days need read, to be read in one statement with the batch's other reads:
 * the days' months' rows, the stored trades of days that lose one, the last trade of days that only gain,
 * and each owner's month rows from the first month changed on.
 */
export function sequenceReads(days: readonly DayWork[]): Record<string, SqlPart> {
  if (days.length === 0) return {};
  const losing = days.filter((day) => day.leaving.size > 0);
  const gaining = days.filter((day) => day.leaving.size === 0);
  return {
    monthDays: monthDaysPart(monthsOfDays(days)),
    months: monthsFromPart(firstMonthsOf(days)),
    ...(losing.length > 0 ? { dayTrades: dayTradesPart(losing) } : {}),
    ...(gaining.length > 0 ? { lastTrades: lastTradesPart(gaining) } : {}),
  };
}

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
