import type { SqlPart } from './analytics-reads';
import { keyOf } from './analytics-rows';
import type { Outcome } from './figures';
import type { TradeFact } from './trade-facts';

// Which days a batch's changes move, and what their sequences need read, in one statement with the batch's
// other reads (see sequence-rows.ts for what is computed and written from it).

export interface FactChange {
  before?: TradeFact;
  after?: TradeFact;
}

/** What orders a day's trades and what they add to its sequence. */
export interface SequencedFact {
  trade_id: string;
  exit_time: string;
  r: number | null;
  outcome: Outcome;
}

export const sequencedFact = (fact: {
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

export type Ordered = Pick<SequencedFact, 'trade_id' | 'exit_time'>;

/** Exit order, as the day's sequence reads its trades: exit time, then trade id. */
export const inExitOrder = (a: Ordered, b: Ordered) =>
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
export interface DayWork {
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

export const monthOf = (date: string) => date.slice(0, 7);

/**
 * Pairs as a table of two text columns, each an array parameter: the statement's text is the same for any
 * number of pairs, so PostgreSQL plans it once (see `prepared`).
 */
function pairList(pairs: readonly (readonly [string, string])[]) {
  return {
    sql: '(select * from unnest(?::text[], ?::text[]))',
    bindings: [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
  };
}

const EXIT_TIME = `to_char(t.exit_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The stored trades of these days. */
export function dayTradesPart(days: readonly DayWork[]): SqlPart {
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
export function firstMonthsOf(days: readonly DayWork[]): [string, string][] {
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
