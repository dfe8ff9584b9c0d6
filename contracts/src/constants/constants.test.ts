import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  ALERTS_MAX,
  ASSET_TYPE_LABELS,
  ASSET_TYPES,
  AUTO_EXPORT_FREQUENCIES,
  AUTO_EXPORT_PROVIDERS,
  CALENDAR_INTENSITY_CAP_R,
  CURRENCY_FLAGS,
  DAY_DRAWER_WIDTH_PX,
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_LOCKING_POLICY,
  DEFAULT_MONTHLY_GOAL_R,
  DEFAULT_NOTIFICATION_TIMINGS,
  DEFAULT_PROFILE_SETTINGS,
  DEFAULT_SHARING_SETTINGS,
  DIRECTIONS,
  DISPLAY_TIME_ZONE,
  ECONOMIC_ALERT_LEAD_MINUTES,
  ECONOMIC_CURRENCIES,
  ECONOMIC_WINDOW,
  IMAGE_LIMITS,
  LOCALE,
  LOCK_ALERT_TIMINGS,
  MARKET_SESSIONS,
  MONTHLY_DIGEST_SLOTS,
  NUMBER_FORMATS,
  PASSWORD_MIN_LENGTH,
  PERCENT_PER_R,
  QUIET_HOURS_ENDS,
  QUIET_HOURS_STARTS,
  R_RANGES,
  rRangeOf,
  SESSION_TIME_ZONE,
  SETTINGS_CURRENCIES,
  SETTINGS_TIME_ZONES,
  SETUP_SUFFICIENT_SAMPLE,
  SETUP_TYPES,
  SIDEBAR,
  TOAST,
  TOOLTIP,
  TRADE_FORM_DEFAULTS,
  TRADE_SESSIONS,
  TRUST_SCORE_INITIAL,
  TRUST_THRESHOLDS,
  trustLevelOf,
  WEEKLY_DIGEST_SLOTS,
} from './index';

describe('trading vocabularies (spec §3, §5)', () => {
  it('list the asset types, directions, sessions and setups of the spec', () => {
    expect(ASSET_TYPES).toEqual(['crypto', 'stocks', 'forex', 'futures']);
    expect(DIRECTIONS).toEqual(['long', 'short']);
    expect(TRADE_SESSIONS).toEqual(['asia', 'london', 'new_york']);
    expect(SETUP_TYPES).toEqual(['breakout', 'pullback', 'support', 'pattern', 'news', 'other']);
    expect(TRADE_FORM_DEFAULTS).toEqual({
      assetType: 'crypto',
      direction: 'long',
      session: 'asia',
      setup: 'breakout',
      fees: '0',
    });
  });

  it('give each asset tab its Hebrew size label', () => {
    expect(Object.fromEntries(ASSET_TYPES.map((type) => [type, ASSET_TYPE_LABELS[type].sizeLabel]))).toEqual({
      crypto: 'מטבעות',
      stocks: 'מניות',
      forex: 'לוטים',
      futures: 'חוזים',
    });
  });
});

describe('thresholds (spec §9)', () => {
  it('match the spec numbers', () => {
    expect(TRUST_SCORE_INITIAL).toBe(100);
    expect(TRUST_THRESHOLDS).toEqual({ high: 80, medium: 60 });
    expect(CALENDAR_INTENSITY_CAP_R).toBe(5);
    expect(PERCENT_PER_R).toBe(2);
    expect(SETUP_SUFFICIENT_SAMPLE).toBe(30);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(ALERTS_MAX).toBe(5);
    expect(DEFAULT_MONTHLY_GOAL_R).toBe(10);
  });

  it('band trust scores at 80 and 60', () => {
    expect([100, 80, 79, 60, 59, 0].map(trustLevelOf)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });

  it('put every R-multiple in exactly one range, lower bound included', () => {
    expect([-5, -2, -1.5, -0.01, 0, 1, 2.99, 3, 40].map(rRangeOf)).toEqual([
      'below-2',
      '-2to-1',
      '-2to-1',
      '-1to0',
      '0to1',
      '1to2',
      '2to3',
      'above3',
      'above3',
    ]);
    for (let index = 1; index < R_RANGES.length; index++) {
      expect(R_RANGES[index].min).toBe(R_RANGES[index - 1].max);
    }
  });
});

describe('sessions and formatting (spec §9)', () => {
  it('define the clock sessions in New York time', () => {
    expect(SESSION_TIME_ZONE).toBe('America/New_York');
    expect(MARKET_SESSIONS.map(({ start, end }) => `${start}-${end}`)).toEqual([
      '20:00-00:00',
      '02:00-05:00',
      '07:00-10:00',
      '10:00-12:00',
    ]);
  });

  it('put New York 07:00 at Israel 14:00 on an ordinary day', () => {
    const newYorkOpen = DateTime.fromISO('2026-01-14T07:00', { zone: SESSION_TIME_ZONE });
    expect(newYorkOpen.setZone(DISPLAY_TIME_ZONE).toFormat('HH:mm')).toBe('14:00');
  });

  it('use the Hebrew locale and Jerusalem time', () => {
    expect(LOCALE).toBe('he-IL');
    expect(DISPLAY_TIME_ZONE).toBe('Asia/Jerusalem');
  });
});

describe('interface constants (spec §9)', () => {
  it('match the toast, tooltip, sidebar and drawer numbers', () => {
    expect(TOAST).toEqual({
      limit: 1,
      durationMs: 5000,
      removeDelayMs: 1_000_000,
      swipeDirection: 'right',
      swipeThreshold: 50,
      hotkey: ['F8'],
      label: 'Notification',
      maxWidthPx: 420,
    });
    expect(TOOLTIP).toEqual({ delayMs: 700, skipDelayMs: 300 });
    expect([SIDEBAR.collapsedUnits, SIDEBAR.expandedUnits, SIDEBAR.storageKey]).toEqual([
      16,
      64,
      'sidebar-collapsed',
    ]);
    expect(DAY_DRAWER_WIDTH_PX).toBe(450);
  });

  it('match the image limits', () => {
    expect(IMAGE_LIMITS.avatarMaxBytes).toBe(5 * 1024 * 1024);
    expect(IMAGE_LIMITS.uploadDefaultMaxBytes).toBe(10485760);
    expect(IMAGE_LIMITS.cropMaxPx).toBe(200);
    expect(IMAGE_LIMITS.jpegQuality).toBe(0.9);
  });
});

describe('economic calendar (spec §9)', () => {
  it('spans 3 days either side and lists six currencies, with flags for CHF and NZD too', () => {
    expect(ECONOMIC_WINDOW).toEqual({ daysBefore: 3, daysAfter: 3 });
    expect(ECONOMIC_CURRENCIES).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD']);
    for (const code of [...ECONOMIC_CURRENCIES, 'CHF', 'NZD']) expect(CURRENCY_FLAGS[code]).toBeTruthy();
  });
});

describe('notification options (spec §9)', () => {
  it('list the timings with their defaults', () => {
    expect(LOCK_ALERT_TIMINGS.map((timing) => timing.minutes)).toEqual([
      [180, 60, 15],
      [60, 15, 3],
      [30, 15, 5],
    ]);
    expect(ECONOMIC_ALERT_LEAD_MINUTES).toEqual([15, 30, 60, 120]);
    expect(WEEKLY_DIGEST_SLOTS.map((slot) => slot.label)).toEqual([
      'שישי 12:00',
      'ראשון 09:00',
      'ראשון 18:00',
    ]);
    expect(MONTHLY_DIGEST_SLOTS.map((slot) => slot.time)).toEqual(['12:00', '18:00']);
    expect(QUIET_HOURS_STARTS).toEqual(['21:00', '22:00', '23:00']);
    expect(QUIET_HOURS_ENDS).toEqual(['06:00', '07:00', '08:00']);
    expect(DEFAULT_NOTIFICATION_TIMINGS).toEqual({
      lockAlertTimings: '60,15,3',
      economicLeadMinutes: 30,
      weeklyDigestSlot: 'friday-12:00',
      monthlyDigestSlot: 'first-12:00',
      quietHoursStart: '22:00',
      quietHoursEnd: '07:00',
    });
  });
});

describe('settings options and defaults (spec §9)', () => {
  it('list the options', () => {
    expect(SETTINGS_CURRENCIES).toEqual(['ILS', 'USD', 'EUR']);
    expect(SETTINGS_TIME_ZONES).toEqual(['Asia/Jerusalem', 'Europe/London', 'America/New_York']);
    expect(NUMBER_FORMATS).toEqual(['comma', 'period']);
    expect(AUTO_EXPORT_FREQUENCIES).toEqual(['daily', 'weekly', 'monthly']);
    expect(AUTO_EXPORT_PROVIDERS).toEqual(['google_drive', 'dropbox', 'none']);
  });

  it('default to ILS, Jerusalem, comma, monthly export to no provider and a 24-hour lock window', () => {
    expect(DEFAULT_DISPLAY_SETTINGS).toEqual({
      currency: 'ILS',
      timezone: 'Asia/Jerusalem',
      numberFormat: 'comma',
      rtlLayout: true,
      monthlyGoalR: 10,
    });
    expect(DEFAULT_INTEGRATION_SETTINGS.autoExport).toEqual({
      enabled: false,
      frequency: 'monthly',
      provider: 'none',
    });
    expect(DEFAULT_LOCKING_POLICY.tradeLockHours).toBe(24);
  });

  it('turn on blurAmounts, shareWinRate, shareRMultiple, shareSetups and rtlLayout, and nothing else', () => {
    expect(DEFAULT_SHARING_SETTINGS).toEqual({
      blurAmounts: true,
      shareWinRate: true,
      shareRMultiple: true,
      shareScreenshots: false,
      shareSetups: true,
    });
    expect(DEFAULT_PROFILE_SETTINGS.publicProfile).toBe(false);
  });
});
