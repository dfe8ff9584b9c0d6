// '@yoman/ui/dates': date and time formatting for Israel, built on luxon. A separate Module Federation
// singleton, so the screens without dates (/auth among them) never download luxon.
export type { Moment } from './format/dates';
export {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatTime,
  isoDayOf,
  startOfWeek,
  WEEKDAYS_FROM_SUNDAY,
} from './format/dates';
