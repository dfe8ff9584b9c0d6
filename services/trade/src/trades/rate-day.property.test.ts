import fc from 'fast-check';
import { DateTime, FixedOffsetZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { rateDayOf } from './trade-figures';

// The USD/ILS rate of a save is the one published on the exit's day in Israel. rateDayOf reads that day
// through zonedTime (offsets kept per quarter hour); luxon, asked every time, is the reference.

const FROM = Date.parse('1970-01-01T00:00:00Z');
const TO = Date.parse('2100-01-01T00:00:00Z');

/** An instant written with an offset of its own, as a client may send it. */
function withOffset(ms: number, offsetQuarters: number): string {
  return DateTime.fromMillis(ms, { zone: FixedOffsetZone.instance(offsetQuarters * 15) }).toISO() as string;
}

const byLuxon = (instant: string) =>
  DateTime.fromISO(instant).setZone('Asia/Jerusalem').toISODate() as string;

describe('the day whose USD/ILS rate a save uses', () => {
  it('given any exit, as text with any offset or as a Date, then it is the exit day in Israel as luxon says (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.integer({ min: -48, max: 56 }), (ms, quarters) => {
        const text = withOffset(ms, quarters);
        expect(rateDayOf(text)).toBe(byLuxon(text));
        expect(rateDayOf(new Date(ms))).toBe(byLuxon(new Date(ms).toISOString()));
      }),
      { numRuns: 3_000 },
    );
  });

  it('given an exit just before and after midnight in Israel, then the day turns at Israel midnight', () => {
    // 2026-10-25: Israel is back on UTC+2 (winter time) from 02:00.
    expect(rateDayOf('2026-11-28T21:59:59Z')).toBe('2026-11-28');
    expect(rateDayOf('2026-11-28T22:00:00Z')).toBe('2026-11-29');
    // Summer time (UTC+3).
    expect(rateDayOf(new Date('2026-07-14T20:59:59Z'))).toBe('2026-07-14');
    expect(rateDayOf(new Date('2026-07-14T21:00:00Z'))).toBe('2026-07-15');
  });
});
