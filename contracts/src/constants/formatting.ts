// How numbers, money and time are shown (spec §9).

export const LOCALE = 'he-IL';
export const DISPLAY_TIME_ZONE = 'Asia/Jerusalem';
/** The economic calendar's fixed time-zone label. */
export const DISPLAY_TIME_ZONE_LABEL = 'Asia/Jerusalem (UTC+2)';
export const HOUR_CYCLE = 'h23';
/** Weeks start on Sunday (luxon weekday 7). */
export const WEEK_STARTS_ON = 7;
export const DEFAULT_CURRENCY = 'ILS';
export const CURRENCY_SYMBOLS = { ILS: '₪', USD: '$', EUR: '€' } as const;

/** Decimal places per kind of figure. */
export const DECIMALS = {
  money: 2,
  rMultiple: 2,
  percent: 1,
  priceMax: 8,
  monthlyKpiIls: 0,
  monthlyKpiR: 1,
  weeklyChange: 1,
  averageR: 2,
} as const;

/** Stored precision: money to cents, R to 4 places (domain rules §1). */
export const STORED_DECIMALS = { money: 2, rMultiple: 4 } as const;

/** R is shown with its sign ('+1.50R'). */
export const R_SHOWS_SIGN = true;

export const DAY_FORMAT = 'yyyy-MM-dd';
