import { DateTime } from 'luxon';
import { hebrewDays } from './hebrew-dates';

/** One square of the month grid; `date` is the ISO day (yyyy-MM-dd) in the display time zone. */
export type GridDay = {
  date: string;
  dayOfMonth: number;
  inMonth: boolean;
  isToday: boolean;
};

export type MonthRef = { year: number; month: number };

// Luxon numbers weekdays Monday=1 … Sunday=7; the product's weeks start on Sunday (spec §9).
function daysSinceSunday(day: DateTime): number {
  return day.weekday % 7;
}

/** The weeks of a month, Sunday first, padded with the previous and next month's days to whole weeks. */
export function buildMonthGrid({ year, month }: MonthRef, today: string): GridDay[][] {
  const first = DateTime.fromObject({ year, month, day: 1 });
  const last = first.endOf('month').startOf('day');
  const start = first.minus({ days: daysSinceSunday(first) });
  const end = last.plus({ days: 6 - daysSinceSunday(last) });
  const weeks: GridDay[][] = [];
  for (let day = start; day <= end; day = day.plus({ days: 7 })) {
    weeks.push(
      Array.from({ length: 7 }, (_, offset) => {
        const d = day.plus({ days: offset });
        const date = d.toISODate() ?? '';
        return { date, dayOfMonth: d.day, inMonth: d.month === month, isToday: date === today };
      }),
    );
  }
  return weeks;
}

/** The month before or after `ref` (delta −1 or +1), rolling over the year. */
export function shiftMonth(ref: MonthRef, delta: number): MonthRef {
  const d = DateTime.fromObject({ year: ref.year, month: ref.month, day: 1 }).plus({ months: delta });
  return { year: d.year, month: d.month };
}

/** The month containing an ISO day. */
export function monthOf(isoDate: string): MonthRef {
  const d = DateTime.fromISO(isoDate);
  return { year: d.year, month: d.month };
}

/** Today's ISO day in a time zone (the user's display zone, Asia/Jerusalem by default). */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? '';
}

const monthHeadings = hebrewDays({ month: 'long', year: 'numeric' });

/** The month and year heading in Hebrew, e.g. "נובמבר 2026". */
export function monthHeading({ year, month }: MonthRef): string {
  return monthHeadings(year, month, 1);
}

/** Hebrew weekday names, Sunday first, for the grid's header row. */
export function weekdayNames(width: 'short' | 'long' = 'short'): string[] {
  // 2026-11-01 is a Sunday.
  const sunday = DateTime.fromObject({ year: 2026, month: 11, day: 1 }).setLocale('he-IL');
  return Array.from({ length: 7 }, (_, i) =>
    sunday.plus({ days: i }).toFormat(width === 'short' ? 'ccc' : 'cccc'),
  );
}

/** The first and last instants of a month in a zone, as ISO timestamps for GET /api/trades. */
export function monthRange({ year, month }: MonthRef, zone: string): { startDate: string; endDate: string } {
  const start = DateTime.fromObject({ year, month, day: 1 }, { zone });
  return { startDate: start.toUTC().toISO() ?? '', endDate: start.endOf('month').toUTC().toISO() ?? '' };
}

/** The first and last instants of one day in a zone, as ISO timestamps for GET /api/trades. */
export function dayRange(isoDate: string, zone: string): { startDate: string; endDate: string } {
  const start = DateTime.fromISO(isoDate, { zone }).startOf('day');
  return { startDate: start.toUTC().toISO() ?? '', endDate: start.endOf('day').toUTC().toISO() ?? '' };
}
