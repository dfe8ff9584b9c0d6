import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, formatTime, isoDayOf, startOfWeek } from './dates';

describe('dates in Israel time', () => {
  // 21:30 UTC on 22 November 2026 is 23:30 in Jerusalem (UTC+2 in winter).
  const lateEvening = '2026-11-22T21:30:05Z';

  it('format the day and 24-hour time in Asia/Jerusalem by default', () => {
    expect(formatDate(lateEvening)).toBe('22.11.2026');
    expect(formatTime(lateEvening)).toBe('23:30');
    expect(formatTime(lateEvening, undefined, { seconds: true })).toBe('23:30:05');
    expect(formatDateTime(lateEvening)).toBe('22.11.2026 23:30');
  });

  it('cross midnight into the next day when the zone says so', () => {
    expect(formatDate('2026-11-22T22:30:00Z')).toBe('23.11.2026');
    expect(formatDate('2026-11-22T22:30:00Z', 'America/New_York')).toBe('22.11.2026');
    expect(formatTime('2026-11-22T22:30:00Z', 'America/New_York')).toBe('17:30');
  });

  it('follow summer time (UTC+3 in July)', () => {
    expect(formatTime('2026-07-01T12:00:00Z')).toBe('15:00');
  });

  it('accept Dates, epoch milliseconds and luxon DateTimes', () => {
    const ms = Date.UTC(2026, 0, 5, 8, 0);
    expect(formatTime(ms)).toBe('10:00');
    expect(formatTime(new Date(ms))).toBe('10:00');
    expect(formatTime(DateTime.fromMillis(ms, { zone: 'utc' }))).toBe('10:00');
  });

  it('show a dash for missing or invalid moments', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('name the month in Hebrew and give ISO days for queries', () => {
    expect(formatMonthYear('2026-11-10T10:00:00Z')).toBe('נובמבר 2026');
    expect(isoDayOf('2026-11-22T22:30:00Z')).toBe('2026-11-23');
  });
});

describe('startOfWeek', () => {
  it('goes back to Sunday, because Israeli weeks start on Sunday', () => {
    // 25 November 2026 is a Wednesday.
    expect(startOfWeek('2026-11-25T10:00:00Z')?.toISODate()).toBe('2026-11-22');
    expect(startOfWeek('2026-11-22T10:00:00Z')?.toISODate()).toBe('2026-11-22');
    expect(startOfWeek('2026-11-28T10:00:00Z')?.toISODate()).toBe('2026-11-22');
    expect(startOfWeek(null)).toBeNull();
  });
});
