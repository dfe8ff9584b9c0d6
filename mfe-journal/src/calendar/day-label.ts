import { formatIls, formatR } from '@yoman/ui';
import { DateTime } from 'luxon';
import { he } from '../i18n';
import type { DayResult } from './day-figures';

/** A day in words for screen readers and the drawer title: "יום ראשון, 22 בנובמבר 2026". */
export function longDate(isoDate: string): string {
  return DateTime.fromISO(isoDate).setLocale('he-IL').toFormat('cccc, d בLLLL yyyy');
}

/** The spoken name of a calendar day button: the date, then its result or "no trades". */
export function dayAriaLabel(isoDate: string, result: DayResult | undefined): string {
  const date = longDate(isoDate);
  if (!result || result.totalTrades === 0) return he.calendar.dayLabel(date, he.calendar.noTrades);
  const parts = [
    formatR(result.netR),
    formatIls(result.netPnlIls),
    he.calendar.tradesCount(result.totalTrades),
  ];
  if (result.allHaveScreenshots) parts.push(he.calendar.dotScreenshots);
  if (result.hasLowTrust) parts.push(he.calendar.dotLowTrust);
  return he.calendar.dayLabel(date, parts.join(', '));
}
