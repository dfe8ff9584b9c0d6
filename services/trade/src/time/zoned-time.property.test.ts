import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { FALLBACK_ZONE, zonedTime } from './zoned-time';

// The projections place each trade's exit and entry in its owner's zone with zonedTime, which keeps offsets
// per quarter hour; luxon, asked every time, is the reference it must always agree with.

const ZONES = [
  'Asia/Jerusalem',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe', // a half-hour daylight saving shift
  'Asia/Kolkata', // a half-hour offset
  'Asia/Kathmandu', // a quarter-hour offset
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'UTC',
  'Not/AZone',
];

/** luxon's answer, as the projections computed it before. */
function byLuxon(instant: string, zone: string) {
  const zoned = DateTime.fromISO(instant, { setZone: true }).setZone(zone);
  const at = zoned.isValid ? zoned : DateTime.fromISO(instant).setZone(FALLBACK_ZONE);
  return { date: at.toISODate(), hour: at.hour, weekday: at.weekday % 7 };
}

// Commands accept exits and entries from 1970 up to now (not in the future); 2100 leaves room.
const FROM = Date.parse('1970-01-01T00:00:00Z');
const TO = Date.parse('2100-01-01T00:00:00Z');

describe('an instant placed in a time zone', () => {
  it('given any instant from 1970 to 2100 and a zone, when placed, then it agrees with luxon (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.constantFrom(...ZONES), (ms, zone) => {
        const instant = new Date(ms).toISOString();
        expect(zonedTime(instant, zone)).toEqual(byLuxon(instant, zone));
      }),
      { numRuns: 5_000 },
    );
  });

  it('given instants around a transition, when placed minute by minute, then each agrees with luxon', () => {
    // Israel moved its clocks forward at 02:00 on 2026-03-27 and back at 02:00 on 2026-10-25.
    for (const around of ['2026-03-27T00:00:00Z', '2026-10-24T23:00:00Z']) {
      for (let minute = -45; minute <= 45; minute += 1) {
        const instant = new Date(Date.parse(around) + minute * 60_000 + 30_000).toISOString();
        expect(zonedTime(instant, 'Asia/Jerusalem')).toEqual(byLuxon(instant, 'Asia/Jerusalem'));
      }
    }
  });

  it('given an instant with an offset of its own, when placed, then the offset is read', () => {
    expect(zonedTime('2026-03-10T23:30:00-05:00', 'Asia/Jerusalem')).toEqual({
      date: '2026-03-11',
      hour: 6,
      weekday: 3,
    });
  });

  it('given an unknown zone, when placed, then the product zone is used', () => {
    expect(zonedTime('2026-03-10T23:30:00.000Z', 'Not/AZone')).toEqual({
      date: '2026-03-11',
      hour: 1,
      weekday: 3,
    });
  });
});
