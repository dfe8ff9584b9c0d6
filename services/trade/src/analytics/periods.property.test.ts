import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { todayIn } from './periods';

// Today's date keys every dashboard and analytics answer (and anchors their periods): it must be the date
// luxon gives in the caller's zone, across daylight saving changes and zones with odd offsets.

const ZONES = [
  'Asia/Jerusalem',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'UTC',
];

describe("today's date in a zone", () => {
  it('given any moment from 2000 to 2100 and a zone, then it is the date luxon gives there (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const now = new Date(ms);
          expect(todayIn(now, zone)).toBe(DateTime.fromJSDate(now).setZone(zone).toFormat('yyyy-MM-dd'));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('given the minute Israel leaves summer time, then the date turns at local midnight, not UTC midnight', () => {
    expect(todayIn(new Date('2026-10-24T20:59:00Z'), 'Asia/Jerusalem')).toBe('2026-10-24');
    expect(todayIn(new Date('2026-10-24T21:00:00Z'), 'Asia/Jerusalem')).toBe('2026-10-25');
    expect(todayIn(new Date('2026-10-25T21:59:00Z'), 'Asia/Jerusalem')).toBe('2026-10-25');
    expect(todayIn(new Date('2026-10-25T22:00:00Z'), 'Asia/Jerusalem')).toBe('2026-10-26');
  });

  it('given a zone no one knows, then it is the product zone’s date rather than an invalid one', () => {
    expect(todayIn(new Date('2026-11-27T22:30:00Z'), 'Not/AZone')).toBe('2026-11-28');
  });
});
