import { DateTime } from 'luxon';

const STEPS: Record<string, number> = { ArrowUp: -7, ArrowDown: 7, Home: 0, End: 0 };

/**
 * The day an arrow key moves to from `isoDate`: up and down by a week, left and right by a day following
 * the reading direction (in Hebrew, left is the next day). Null for any other key.
 */
export function dayAfterKey(isoDate: string, key: string, rtl: boolean): string | null {
  const day = DateTime.fromISO(isoDate);
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const forward = (key === 'ArrowLeft') === rtl;
    return day.plus({ days: forward ? 1 : -1 }).toISODate();
  }
  if (key === 'Home') return day.minus({ days: day.weekday % 7 }).toISODate();
  if (key === 'End') return day.plus({ days: 6 - (day.weekday % 7) }).toISODate();
  const step = STEPS[key];
  return step === undefined ? null : day.plus({ days: step }).toISODate();
}
