// Number and band formatting (Intl only). The luxon-based date formatting is the '@yoman/ui/dates' entry.
export type { RTone, TrustBand } from './bands';
export { calendarIntensity, rTone, trustBand } from './bands';
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
