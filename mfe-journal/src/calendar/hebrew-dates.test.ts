import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { longDate } from './day-label';
import { monthHeading } from './month-grid';

// The calendar's Hebrew dates come from one Intl formatter each; luxon's he-IL formats, which they
// replaced, are the reference they must keep to.
const DAYS_1970_TO_2199 = 83_000;

describe("the calendar's Hebrew dates (hebrew-dates.ts)", () => {
  it("says every day from 1970 to 2199 as luxon's 'cccc, d בLLLL yyyy' in he-IL does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DAYS_1970_TO_2199 }), (daysAfter1970) => {
        const isoDate = DateTime.fromObject({ year: 1970, month: 1, day: 1 }, { zone: 'UTC' })
          .plus({ days: daysAfter1970 })
          .toISODate() as string;
        expect(longDate(isoDate)).toBe(
          DateTime.fromISO(isoDate).setLocale('he-IL').toFormat('cccc, d בLLLL yyyy'),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it("heads every month from 1970 to 2199 as luxon's 'LLLL yyyy' in he-IL does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2199 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        expect(monthHeading({ year, month })).toBe(
          DateTime.fromObject({ year, month, day: 1 }).setLocale('he-IL').toFormat('LLLL yyyy'),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps the years 1 to 99 as they are, not 1901 to 1999 (written without leading zeros, as Intl writes them)', () => {
    expect(longDate('0050-03-15')).toBe('יום שלישי, 15 במרץ 50');
    expect(monthHeading({ year: 50, month: 3 })).toBe('מרץ 50');
    expect(monthHeading({ year: 1950, month: 3 })).toBe('מרץ 1950');
  });

  it('says a day and heads its month in Hebrew, whatever the zone of the machine', () => {
    expect(longDate('2026-11-22')).toBe('יום ראשון, 22 בנובמבר 2026');
    expect(longDate('2027-03-05')).toBe('יום שישי, 5 במרץ 2027');
    expect(monthHeading({ year: 2026, month: 11 })).toBe('נובמבר 2026');
  });
});
