import { DateTime } from 'luxon';
import { tradeDayOf } from '../time/zoned-time';

/** An inclusive range of days, 'yyyy-MM-dd'; an open end is undefined. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * Which rows of `trade_analytics_groups` sum to a range of days: the all-time rows for an open range, else
 * the month rows of the months wholly inside it and the day rows of the partial months at its ends.
 */
export type PeriodRows =
  | { grain: 'all' }
  | { grain: 'mixed'; months: [string, string] | null; days: [string, string][] };

const FIRST_MONTH = '0000-01';
const LAST_MONTH = '9999-12';
const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

const day = (text: string) => DateTime.fromISO(text, { zone: 'UTC' });
const monthOf = (date: DateTime) => date.toFormat('yyyy-MM');
const dayOf = (date: DateTime) => date.toFormat('yyyy-MM-dd');

/** The rows that cover a range of days exactly once. */
export function periodRowsOf(range: DayRange): PeriodRows {
  if (!range.from && !range.to) return { grain: 'all' };
  const from = range.from ? day(range.from) : undefined;
  const to = range.to ? day(range.to) : undefined;
  // The first and last months wholly inside the range.
  const firstMonth = !from
    ? FIRST_MONTH
    : monthOf(from.day === 1 ? from : from.plus({ months: 1 }).startOf('month'));
  const lastMonth = !to ? LAST_MONTH : monthOf(to.day === to.daysInMonth ? to : to.minus({ months: 1 }));
  const fromDay = range.from ?? FIRST_DAY;
  const toDay = range.to ?? LAST_DAY;
  if (firstMonth > lastMonth) return { grain: 'mixed', months: null, days: [[fromDay, toDay]] };
  const days: [string, string][] = [];
  if (from && from.day !== 1) days.push([fromDay, dayOf(from.endOf('month'))]);
  if (to && to.day !== to.daysInMonth) days.push([dayOf(to.startOf('month')), toDay]);
  return { grain: 'mixed', months: [firstMonth, lastMonth], days };
}

/**
 * The rows as simple conditions on `grain` and `period`, one per grain and range, each to be used in a select
 * of its own (joined by `union all`): the primary key (user, grain, period, …) then serves each as a range,
 * whatever the planner knows of the table.
 */
export function periodParts(rows: PeriodRows): { sql: string; bindings: string[] }[] {
  if (rows.grain === 'all') return [{ sql: `grain = 'all' and period = ''`, bindings: [] }];
  const parts = rows.days.map(([first, last]) => ({
    sql: `grain = 'day' and period between ? and ?`,
    bindings: [first, last],
  }));
  if (rows.months)
    parts.unshift({ sql: `grain = 'month' and period between ? and ?`, bindings: [...rows.months] });
  return parts;
}

/**
 * `select <columns> from trade_analytics_groups where <filter> and <part>` for each part, joined by
 * `union all`, with the bindings in order; `filter` holds its own placeholders, bound before each part's.
 */
export function selectOverPeriod(
  rows: PeriodRows,
  columns: string,
  filter: { sql: string; bindings: readonly string[] },
): { sql: string; bindings: string[] } {
  const parts = periodParts(rows);
  return {
    sql: parts
      .map((part) => `select ${columns} from trade_analytics_groups where ${filter.sql} and ${part.sql}`)
      .join(' union all '),
    bindings: parts.flatMap((part) => [...filter.bindings, ...part.bindings]),
  };
}

/**
 * Today's date in a zone, 'yyyy-MM-dd' (an unknown zone is the product's). Every dashboard and analytics call
 * asks it for its cache key, so it reads the zone's kept offset (zonedTime) instead of asking luxon and Intl,
 * which took a tenth of the dashboard's time on the server (BENCHMARKS.md, 2026-11-28).
 */
export const todayIn = (now: Date, timezone: string) => tradeDayOf(now.toISOString(), timezone);

/** The `days` days ending on `last` (inclusive). */
export const daysEndingOn = (last: string, days: number): Required<DayRange> => ({
  from: dayOf(day(last).minus({ days: days - 1 })),
  to: last,
});

/** The first and last day of a month 'yyyy-MM'. */
export function daysOfMonth(month: string): Required<DayRange> {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone: 'UTC' });
  return { from: dayOf(start), to: dayOf(start.endOf('month')) };
}

/** How many days a range spans, both ends included; undefined when an end is open. */
export function spanInDays(range: DayRange): number | undefined {
  if (!range.from || !range.to) return undefined;
  return day(range.to).diff(day(range.from), 'days').days + 1;
}

/** The earlier of two days. */
export const earlierDay = (a: string, b: string) => (a < b ? a : b);
