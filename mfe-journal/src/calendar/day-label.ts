import { formatIls, formatR } from '@yoman/ui';
import { he } from '../i18n';
import type { DayResult } from './day-figures';
import { hebrewDays } from './hebrew-dates';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;

const longDates = hebrewDays({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A day in words for screen readers and the drawer title: "יום ראשון, 22 בנובמבר 2026". */
export function longDate(isoDate: string): string {
  const day = ISO_DAY.exec(isoDate);
  return day ? longDates(Number(day[1]), Number(day[2]), Number(day[3])) : isoDate;
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
