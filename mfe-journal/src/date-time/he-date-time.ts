import { DateTime, type DateTimeUnit } from 'luxon';

// The product's date-and-time text (he-IL, 24-hour): 'dd.MM.yyyy HH:mm', typed as digits with the
// separators put in for the user, whatever the browser's or the operating system's locale.

export const HE_DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
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

/** The text's digits laid out as dd.MM.yyyy HH:mm; extra digits are dropped, separators added as typed. */
export function maskDateTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, DIGITS);
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

/** A complete, real date and time in `zone`; null for partial text, 31.02 or 24:00. */
export function parseHeDateTime(text: string, zone: string): DateTime | null {
  const trimmed = text.trim();
  if (!/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.test(trimmed)) return null;
  const parsed = DateTime.fromFormat(trimmed, HE_DATE_TIME_FORMAT, { zone });
  if (!parsed.isValid) return null;
  // A time skipped by a daylight-saving jump is moved by luxon; the user did not type that time.
  return parsed.toFormat(HE_DATE_TIME_FORMAT) === trimmed ? parsed : null;
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
export function stepDateTime(text: string, position: number, step: 1 | -1, zone: string): string {
  const moment = parseHeDateTime(text, zone);
  if (!moment) return text;
  const unit = segmentAt(position);
  return formatHeDateTime(moment.plus({ [`${unit}s`]: step }));
}
