/**
 * A he-IL formatter of calendar days with `options`, made on first use. A day is formatted at its UTC
 * midnight, so no time zone can move it to another day. Cheaper than luxon's `setLocale('he-IL').toFormat()`,
 * which made a new locale, with its month or weekday names, on every call (BENCHMARKS.md, 2026-11-28 evening).
 */
export function hebrewDays(
  options: Intl.DateTimeFormatOptions,
): (year: number, month: number, day: number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (year, month, day) => {
    format ??= new Intl.DateTimeFormat('he-IL', { ...options, timeZone: 'UTC' });
    // Not Date.UTC(year, …), which reads the years 0–99 as 1900–1999.
    const midnight = new Date(0);
    midnight.setUTCFullYear(year, month - 1, day);
    return format.format(midnight);
  };
}
