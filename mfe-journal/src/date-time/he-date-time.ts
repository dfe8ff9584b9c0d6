import { DateTime, type DateTimeUnit } from 'luxon';

// The product's date-and-time text (he-IL, 24-hour): 'dd.MM.yyyy HH:mm', typed as digits with the
// separators put in for the user, whatever the browser's or the operating system's locale.

export const HE_DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
/** A day alone, for periods: 'dd.MM.yyyy'. */
export const HE_DATE_FORMAT = 'dd.MM.yyyy';
/** What an empty day field shows: day, month, year. */
export const HE_DATE_PLACEHOLDER = 'יי.חח.שששש';
/** What the empty field shows, in the product's language: day, month, year, hour, minute. */
export const HE_DATE_TIME_PLACEHOLDER = 'יי.חח.שששש שש:דד';

const DIGITS = 12;
/** After how many digits each separator comes: dd.MM.yyyy HH:mm. */
const SEPARATORS: ReadonlyArray<readonly [number, string]> = [
  [2, '.'],
  [4, '.'],
  [8, ' '],
  [10, ':'],
];

/**
 * The text's digits laid out as dd.MM.yyyy HH:mm (or dd.MM.yyyy with `maxDigits` 8); extra digits are
 * dropped, separators added as typed.
 */
export function maskDateTime(text: string, maxDigits = DIGITS): string {
  const digits = text.replace(/\D/g, '').slice(0, maxDigits);
  let masked = '';
  for (let i = 0; i < digits.length; i++) {
    const separator = SEPARATORS.find(([after]) => after === i);
    if (separator) masked += separator[1];
    masked += digits[i];
  }
  return masked;
}

/** How many digits come before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

/** The caret position in masked text just after its `count`-th digit (0: the start). */
export function caretAfterDigits(masked: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i] ?? '')) seen++;
    if (seen === count) return i + 1;
  }
  return masked.length;
}

const COMPLETE = {
  [HE_DATE_TIME_FORMAT]: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
  [HE_DATE_FORMAT]: /^\d{2}\.\d{2}\.\d{4}$/,
} as const;

export type HeFormat = keyof typeof COMPLETE;

/** A complete, real date and time in `zone`; null for partial text, 31.02 or 24:00. */
export function parseHeDateTime(
  text: string,
  zone: string,
  format: HeFormat = HE_DATE_TIME_FORMAT,
): DateTime | null {
  const trimmed = text.trim();
  if (!COMPLETE[format].test(trimmed)) return null;
  const parsed = DateTime.fromFormat(trimmed, format, { zone });
  if (!parsed.isValid) return null;
  // A time skipped by a daylight-saving jump is moved by luxon; the user did not type that time.
  return parsed.toFormat(format) === trimmed ? parsed : null;
}

/** A 'dd.MM.yyyy' text as an ISO day ('yyyy-MM-dd'); null when partial or not a real day. */
export function isoDayOfHeDate(text: string): string | null {
  return parseHeDateTime(text, 'UTC', HE_DATE_FORMAT)?.toISODate() ?? null;
}

/** An ISO day ('yyyy-MM-dd') as 'dd.MM.yyyy'. */
export function heDateOfIsoDay(isoDay: string): string {
  return DateTime.fromISO(isoDay, { zone: 'UTC' }).toFormat(HE_DATE_FORMAT);
}

/** A moment shown as the field's text, in `zone`. */
export function formatHeDateTime(moment: DateTime): string {
  return moment.toFormat(HE_DATE_TIME_FORMAT);
}

/** The text of an ISO timestamp in `zone`. */
export function heDateTimeOfIso(isoTimestamp: string, zone: string): string {
  return formatHeDateTime(DateTime.fromISO(isoTimestamp, { zone: 'utc' }).setZone(zone));
}

/** The part of the text under the caret: day, month, year, hour or minute. */
export function segmentAt(position: number): DateTimeUnit {
  if (position <= 2) return 'day';
  if (position <= 5) return 'month';
  if (position <= 10) return 'year';
  if (position <= 13) return 'hour';
  return 'minute';
}

/** ArrowUp/ArrowDown: the text with the segment under the caret moved by `step`; unchanged when incomplete. */
export function stepDateTime(
  text: string,
  position: number,
  step: 1 | -1,
  zone: string,
  format: HeFormat = HE_DATE_TIME_FORMAT,
): string {
  const moment = parseHeDateTime(text, zone, format);
  if (!moment) return text;
  const unit = segmentAt(position);
  return moment.plus({ [`${unit}s`]: step }).toFormat(format);
}
