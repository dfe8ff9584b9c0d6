// Economic calendar window, currencies and impact levels (spec §2, §9).

export const ECONOMIC_WINDOW = { daysBefore: 3, daysAfter: 3 } as const;
export const ECONOMIC_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'] as const;

/** Flags for every listed currency plus CHF and NZD. */
export const CURRENCY_FLAGS: Record<string, string> = {
  USD: '🇺🇸',
  EUR: '🇪🇺',
  GBP: '🇬🇧',
  JPY: '🇯🇵',
  CAD: '🇨🇦',
  AUD: '🇦🇺',
  CHF: '🇨🇭',
  NZD: '🇳🇿',
};

export const IMPACT_LEVELS = ['high', 'medium', 'low'] as const;
export const IMPACT_LABELS: Record<(typeof IMPACT_LEVELS)[number], string> = {
  high: 'גבוהה',
  medium: 'בינונית',
  low: 'נמוכה',
};

/** Trades open within this many minutes either side of an event count as affected by it. */
export const AFFECTED_TRADE_WINDOW_MINUTES = 30;
