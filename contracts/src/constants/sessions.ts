// Market sessions of the header clock, defined in New York time (spec §9). Israel's clock time follows
// both countries' real DST rules through luxon; the nominal gap is 7 hours.

export const SESSION_TIME_ZONE = 'America/New_York';
export const NOMINAL_ISRAEL_OFFSET_FROM_NEW_YORK_HOURS = 7;
export const SESSION_CLOCK_REFRESH_MS = 1000;

export const MARKET_SESSION_KEYS = ['asia', 'london_open', 'new_york_open', 'london_close'] as const;
export type MarketSessionKey = (typeof MARKET_SESSION_KEYS)[number];

export interface MarketSession {
  key: MarketSessionKey;
  label: string;
  /** 'HH:mm' in New York time. */
  start: string;
  /** 'HH:mm' in New York time; '00:00' means midnight at the end of the start day. */
  end: string;
  /** The trade session this window belongs to. */
  tradeSession: 'asia' | 'london' | 'new_york';
}

/** Today's sessions in the clock's order. */
export const MARKET_SESSIONS: readonly MarketSession[] = [
  { key: 'asia', label: 'אסיה', start: '20:00', end: '00:00', tradeSession: 'asia' },
  { key: 'london_open', label: 'פתיחת לונדון', start: '02:00', end: '05:00', tradeSession: 'london' },
  { key: 'new_york_open', label: 'פתיחת ניו יורק', start: '07:00', end: '10:00', tradeSession: 'new_york' },
  { key: 'london_close', label: 'סגירת לונדון', start: '10:00', end: '12:00', tradeSession: 'london' },
];

/** The Asia session stays active until this Israel time the next morning (spec §4). */
export const ASIA_SESSION_ACTIVE_UNTIL_ISRAEL = '07:00';
