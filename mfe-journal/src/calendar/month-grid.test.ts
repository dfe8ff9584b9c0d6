import { describe, expect, it } from 'vitest';
import {
  buildMonthGrid,
  dayRange,
  monthHeading,
  monthRange,
  shiftMonth,
  todayIn,
  weekdayNames,
} from './month-grid';

describe('buildMonthGrid', () => {
  it('starts every week on Sunday and pads November 2026 with trailing December days', () => {
    const weeks = buildMonthGrid({ year: 2026, month: 11 }, '2026-11-22');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]!.date).toBe('2026-11-01');
    expect(weeks[4]!.map((d) => d.date)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks[4]![2]!.inMonth).toBe(false);
  });

  it('fills the first week with the previous month when the 1st is not a Sunday', () => {
    const weeks = buildMonthGrid({ year: 2026, month: 1 }, '2026-01-15');
    // 1 January 2026 is a Thursday: Sunday 28 December to Wednesday 31 December lead.
    expect(weeks[0]!.map((d) => d.dayOfMonth)).toEqual([28, 29, 30, 31, 1, 2, 3]);
    expect(weeks[0]!.slice(0, 4).every((d) => !d.inMonth)).toBe(true);
    expect(weeks[0]![4]!.inMonth).toBe(true);
  });

  it('always has whole weeks and marks only today', () => {
    for (let month = 1; month <= 12; month++) {
      const weeks = buildMonthGrid({ year: 2027, month }, '2027-03-10');
      expect(weeks.every((w) => w.length === 7)).toBe(true);
      const todays = weeks.flat().filter((d) => d.isToday);
      expect(todays.map((d) => d.date)).toEqual(month === 3 ? ['2027-03-10'] : []);
    }
  });

  it('lays February 2026, which starts on a Sunday and has 28 days, in exactly four rows', () => {
    expect(buildMonthGrid({ year: 2026, month: 2 }, '2026-02-01')).toHaveLength(4);
  });
});

describe('month navigation and ranges', () => {
  it('rolls over the year in both directions', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('names the month in Hebrew and the weekdays from Sunday', () => {
    expect(monthHeading({ year: 2026, month: 11 })).toBe('נובמבר 2026');
    expect(weekdayNames('long')[0]).toBe('יום ראשון');
  });

  it('covers a whole Israeli day in UTC instants', () => {
    expect(dayRange('2026-11-22', 'Asia/Jerusalem')).toEqual({
      startDate: '2026-11-21T22:00:00.000Z',
      endDate: '2026-11-22T21:59:59.999Z',
    });
    expect(monthRange({ year: 2026, month: 7 }, 'Asia/Jerusalem').startDate).toBe('2026-06-30T21:00:00.000Z');
  });

  it('takes today from the display zone, not from UTC', () => {
    expect(todayIn('Asia/Jerusalem', new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});
