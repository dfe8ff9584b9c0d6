import type { Clock } from '../platform';

/** A clock tests set and move by hand. */
export interface TestClock extends Clock {
  set(time: Date | string): void;
  advance(milliseconds: number): void;
}

/** A test clock starting at `start` (default 2026-01-05T09:00:00Z, a Monday). */
export function createTestClock(start: Date | string = '2026-01-05T09:00:00Z'): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(time) {
      current = new Date(time);
    },
    advance(milliseconds) {
      current = new Date(current.getTime() + milliseconds);
    },
  };
}
