export type { RTone, TrustBand } from './bands';
export { calendarIntensity, rTone, trustBand } from './bands';
export type { Moment } from './dates';
export {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatTime,
  isoDayOf,
  startOfWeek,
  WEEKDAYS_FROM_SUNDAY,
} from './dates';
export { LOCALE, MINUS, MISSING, TIME_ZONE } from './locale';
export type { Figure } from './numbers';
export {
  formatCount,
  formatIls,
  formatIlsWhole,
  formatMoney,
  formatPercent,
  formatPrice,
  formatR,
  formatUsd,
} from './numbers';
export { initialsOf } from './people';
