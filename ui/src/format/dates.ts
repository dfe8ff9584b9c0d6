import { DateTime } from 'luxon';
import { MISSING, TIME_ZONE } from './locale';

/** A moment as the app meets it: an ISO string from the API, a Date, epoch milliseconds or a luxon DateTime. */
export type Moment = string | number | Date | DateTime | null | undefined;

function dateTimeOf(value: Moment, zone: string): DateTime | null {
  if (value === null || value === undefined) return null;
  let dt: DateTime;
  if (DateTime.isDateTime(value)) dt = value;
  else if (value instanceof Date) dt = DateTime.fromJSDate(value);
  else if (typeof value === 'number') dt = DateTime.fromMillis(value);
  else dt = DateTime.fromISO(value, { setZone: true });
  return dt.isValid ? dt.setZone(zone).setLocale('he') : null;
}

function formatIn(value: Moment, zone: string, pattern: string): string {
  const dt = dateTimeOf(value, zone);
  return dt ? dt.toFormat(pattern) : MISSING;
}

/** The day, e.g. '22.11.2026', in the given zone (Israel by default). */
export function formatDate(value: Moment, zone: string = TIME_ZONE): string {
  return formatIn(value, zone, 'dd.MM.yyyy');
}

/** The 24-hour time, e.g. '21:05', or '21:05:09' with seconds. */
export function formatTime(value: Moment, zone: string = TIME_ZONE, { seconds = false } = {}): string {
  return formatIn(value, zone, seconds ? 'HH:mm:ss' : 'HH:mm');
}

/** Day and 24-hour time, e.g. '22.11.2026 21:05'. */
export function formatDateTime(value: Moment, zone: string = TIME_ZONE): string {
  return formatIn(value, zone, 'dd.MM.yyyy HH:mm');
}

/** The Hebrew month and year for calendar headers, e.g. 'נובמבר 2026'. */
export function formatMonthYear(value: Moment, zone: string = TIME_ZONE): string {
  return formatIn(value, zone, 'LLLL yyyy');
}

/** The calendar day as the API expects it in query strings, e.g. '2026-11-22'. */
export function isoDayOf(value: Moment, zone: string = TIME_ZONE): string {
  return formatIn(value, zone, 'yyyy-MM-dd');
}

/** The Sunday that starts the week holding this moment (Israeli weeks start on Sunday), at 00:00. */
export function startOfWeek(value: Moment, zone: string = TIME_ZONE): DateTime | null {
  const dt = dateTimeOf(value, zone);
  if (!dt) return null;
  // luxon weekdays run Monday = 1 … Sunday = 7, so Sunday is 0 days back and Monday 1.
  return dt.startOf('day').minus({ days: dt.weekday % 7 });
}

/** Short Hebrew weekday names from Sunday to Saturday, for calendar headers. */
export const WEEKDAYS_FROM_SUNDAY = ['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳'] as const;
