// The journal's vocabularies (spec §2, §3, §4, §9) with the Hebrew labels the screens show.

export const ASSET_TYPES = ['crypto', 'stocks', 'forex', 'futures'] as const;
export type AssetTypeValue = (typeof ASSET_TYPES)[number];

/** Asset-type tab label, size label and example symbol of the add-trade dialog. */
export const ASSET_TYPE_LABELS: Record<
  AssetTypeValue,
  { label: string; sizeLabel: string; symbolPlaceholder: string }
> = {
  crypto: { label: 'קריפטו', sizeLabel: 'מטבעות', symbolPlaceholder: 'BTCUSDT' },
  stocks: { label: 'מניות', sizeLabel: 'מניות', symbolPlaceholder: 'AAPL' },
  forex: { label: 'פורקס', sizeLabel: 'לוטים', symbolPlaceholder: 'EURUSD' },
  futures: { label: 'חוזים עתידיים', sizeLabel: 'חוזים', symbolPlaceholder: 'ES' },
};

export const DIRECTIONS = ['long', 'short'] as const;
export type DirectionValue = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<DirectionValue, string> = { long: 'לונג', short: 'שורט' };

export const TRADE_SESSIONS = ['asia', 'london', 'new_york'] as const;
export type TradeSessionValue = (typeof TRADE_SESSIONS)[number];
export const TRADE_SESSION_LABELS: Record<TradeSessionValue, string> = {
  asia: 'אסיה',
  london: 'לונדון',
  new_york: 'ניו יורק',
};
/** Key of each trade session inside a daily aggregate's or mentor heatmap's sessionBreakdown. */
export const SESSION_BREAKDOWN_KEYS: Record<TradeSessionValue, 'asia' | 'london' | 'newYork'> = {
  asia: 'asia',
  london: 'london',
  new_york: 'newYork',
};

export const SETUP_TYPES = ['breakout', 'pullback', 'support', 'pattern', 'news', 'other'] as const;
export type SetupTypeValue = (typeof SETUP_TYPES)[number];
export const SETUP_TYPE_LABELS: Record<SetupTypeValue, string> = {
  breakout: 'פריצה',
  pullback: 'פולבק',
  support: 'תמיכה',
  pattern: 'תבנית',
  news: 'חדשות',
  other: 'אחר',
};

/** The add-trade form's defaults (spec §5). */
export const TRADE_FORM_DEFAULTS = {
  assetType: 'crypto',
  direction: 'long',
  session: 'asia',
  setup: 'breakout',
  fees: '0',
} as const satisfies {
  assetType: AssetTypeValue;
  direction: DirectionValue;
  session: TradeSessionValue;
  setup: SetupTypeValue;
  fees: string;
};

/** Input steps of the add-trade form: prices and size to 8 decimals, fees to cents. */
export const PRICE_DECIMALS = 8;
export const PRICE_STEP = '0.00000001';
export const FEES_STEP = '0.01';
/** When opened from a calendar day, entry time is pre-filled this long before exit time. */
export const PREFILL_ENTRY_BEFORE_EXIT_HOURS = 1;

export const TRADE_RESULTS = ['win', 'loss'] as const;
export type TradeResultValue = (typeof TRADE_RESULTS)[number];
export const TRADE_RESULT_LABELS: Record<TradeResultValue, string> = { win: 'רווח', loss: 'הפסד' };

export const TRUST_SCORE_INITIAL = 100;
/** Trust bands: high from 80, medium from 60, low below 60 (the table warns below 60). */
export const TRUST_THRESHOLDS = { high: 80, medium: 60 } as const;
export const TRUST_LEVELS = ['high', 'medium', 'low'] as const;
export type TrustLevelValue = (typeof TRUST_LEVELS)[number];
export const TRUST_LEVEL_LABELS: Record<TrustLevelValue, string> = {
  high: 'גבוה',
  medium: 'בינוני',
  low: 'נמוך',
};

/** The trust band a score falls in: high at 80 and up, medium 60 to 79, low below 60. */
export function trustLevelOf(score: number): TrustLevelValue {
  if (score >= TRUST_THRESHOLDS.high) return 'high';
  if (score >= TRUST_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export const CALENDAR_UNITS = ['R', 'ILS', 'PERCENT'] as const;
export type CalendarUnitValue = (typeof CALENDAR_UNITS)[number];
/** A day's colour is at full strength at ±5R. */
export const CALENDAR_INTENSITY_CAP_R = 5;
/** PERCENT display mode shows netR × 2. */
export const PERCENT_PER_R = 2;
/** Win rate (and a day drawer's win rate) turns green at 50 percent. */
export const WIN_RATE_GREEN_FROM = 50;

/** A setup's statistics are trusted from 30 trades; below it the card says how many more are needed. */
export const SETUP_SUFFICIENT_SAMPLE = 30;

export const DEFAULT_MONTHLY_GOAL_R = 10;

/** R-multiple buckets shared by the trades filter (rRange) and analytics' R distribution. */
export const R_RANGES = [
  { key: 'below-2', label: 'פחות מ־-2R', min: null, max: -2 },
  { key: '-2to-1', label: '-2R עד -1R', min: -2, max: -1 },
  { key: '-1to0', label: '-1R עד 0R', min: -1, max: 0 },
  { key: '0to1', label: '0R עד 1R', min: 0, max: 1 },
  { key: '1to2', label: '1R עד 2R', min: 1, max: 2 },
  { key: '2to3', label: '2R עד 3R', min: 2, max: 3 },
  { key: 'above3', label: '3R ומעלה', min: 3, max: null },
] as const satisfies readonly { key: string; label: string; min: number | null; max: number | null }[];
export type RRangeKey = (typeof R_RANGES)[number]['key'];
export const R_RANGE_KEYS = R_RANGES.map((range) => range.key) as [RRangeKey, ...RRangeKey[]];

/** The range an R-multiple falls in; each range includes its lower bound and excludes its upper one. */
export function rRangeOf(rMultiple: number): RRangeKey {
  const found = R_RANGES.find(
    (range) =>
      (range.min === null || rMultiple >= range.min) && (range.max === null || rMultiple < range.max),
  );
  return found ? found.key : 'above3';
}

/** Filter value of the trades list's date-range selector. */
export const TRADE_DATE_RANGES = ['today', 'week', 'month', 'quarter', 'year'] as const;
export type TradeDateRangeValue = (typeof TRADE_DATE_RANGES)[number];
