import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCK_POLICY, lockAtOf } from './lock-window';

const jerusalem = { ...DEFAULT_LOCK_POLICY, weekendLocking: false };

describe('lock window', () => {
  it('locks 24 hours after exit by default, through weekends', () => {
    // Friday 2026-03-13 15:00 Israel (13:00Z) → Saturday 13:00Z.
    expect(lockAtOf(new Date('2026-03-13T13:00:00Z'), DEFAULT_LOCK_POLICY).toISOString()).toBe(
      '2026-03-14T13:00:00.000Z',
    );
  });

  it('uses the organisation lock hours', () => {
    const policy = { ...DEFAULT_LOCK_POLICY, tradeLockHours: 48 };
    expect(lockAtOf(new Date('2026-03-10T08:00:00Z'), policy).toISOString()).toBe('2026-03-12T08:00:00.000Z');
  });

  it('without weekend locking skips Saturday and Sunday in the organisation time zone', () => {
    // Friday 15:00 Israel (UTC+2) leaves 9 hours to Saturday 00:00; the other 15 run from Monday 00:00 → Monday 15:00.
    expect(lockAtOf(new Date('2026-03-13T13:00:00Z'), jerusalem).toISOString()).toBe(
      '2026-03-16T13:00:00.000Z',
    );
  });

  it('a trade that exits during the weekend starts its window on Monday', () => {
    // Saturday 12:00 Israel → Monday 00:00 + 24h = Tuesday 00:00 Israel = Monday 22:00Z.
    expect(lockAtOf(new Date('2026-03-14T10:00:00Z'), jerusalem).toISOString()).toBe(
      '2026-03-16T22:00:00.000Z',
    );
  });

  it('reads the weekend in the organisation time zone, not in UTC', () => {
    // Friday 23:30 New York is already Saturday in UTC; in New York it still has 30 minutes of Friday.
    const newYork = { ...jerusalem, timezone: 'America/New_York', tradeLockHours: 1 };
    // 30 minutes on Friday, the other 30 from Monday 00:00 New York (04:00Z in daylight time).
    expect(lockAtOf(new Date('2026-03-14T03:30:00Z'), newYork).toISOString()).toBe(
      '2026-03-16T04:30:00.000Z',
    );
  });

  it('without weekend locking a window never ends sooner than with it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 200 }),
        (exit, hours) => {
          const through = lockAtOf(exit, { ...DEFAULT_LOCK_POLICY, tradeLockHours: hours });
          const skipping = lockAtOf(exit, { ...jerusalem, tradeLockHours: hours });
          expect(skipping.getTime()).toBeGreaterThanOrEqual(through.getTime());
        },
      ),
      { numRuns: 200 },
    );
  });
});
