// Notification option values, their defaults and the notification-settings defaults (spec §3, §9; rules §5).

export const NOTIFICATION_TYPES = [
  'trade',
  'achievement',
  'goal',
  'economic',
  'mentor',
  'league',
  'digest',
  'system',
] as const;

/** Minutes before a trade locks at which the lock alerts fire. */
export const LOCK_ALERT_TIMINGS = [
  { value: '180,60,15', minutes: [180, 60, 15], label: '3 שעות, שעה ו־15 דקות לפני' },
  { value: '60,15,3', minutes: [60, 15, 3], label: 'שעה, 15 דקות ו־3 דקות לפני' },
  { value: '30,15,5', minutes: [30, 15, 5], label: '30, 15 ו־5 דקות לפני' },
] as const;
export const LOCK_ALERT_TIMING_VALUES = ['180,60,15', '60,15,3', '30,15,5'] as const;

export const ECONOMIC_ALERT_LEAD_MINUTES = [15, 30, 60, 120] as const;

/** Weekly digest slots; weekday is luxon's (5 Friday, 7 Sunday). */
export const WEEKLY_DIGEST_SLOTS = [
  { value: 'friday-12:00', weekday: 5, time: '12:00', label: 'שישי 12:00' },
  { value: 'sunday-09:00', weekday: 7, time: '09:00', label: 'ראשון 09:00' },
  { value: 'sunday-18:00', weekday: 7, time: '18:00', label: 'ראשון 18:00' },
] as const;
export const WEEKLY_DIGEST_VALUES = ['friday-12:00', 'sunday-09:00', 'sunday-18:00'] as const;

export const MONTHLY_DIGEST_SLOTS = [
  { value: 'first-12:00', day: 'first', time: '12:00', label: 'ה־1 בחודש 12:00' },
  { value: 'last-18:00', day: 'last', time: '18:00', label: 'היום האחרון בחודש 18:00' },
] as const;
export const MONTHLY_DIGEST_VALUES = ['first-12:00', 'last-18:00'] as const;

export const QUIET_HOURS_STARTS = ['21:00', '22:00', '23:00'] as const;
export const QUIET_HOURS_ENDS = ['06:00', '07:00', '08:00'] as const;

/** Similar notifications within this many minutes are merged into one. */
export const DUPLICATE_WINDOW_MINUTES = 15;
/** League rank moves of at least this many places go into the daily summary. */
export const LEAGUE_RANK_DAILY_SUMMARY_MIN_PLACES = 5;
/** Immediate league alerts: entering these ranks. */
export const LEAGUE_RANK_IMMEDIATE_TOPS = [10, 3, 1] as const;
export const GOAL_REMINDER = { time: '19:30', maxPerWeek: 2, title: 'בדרך ליעד' } as const;

export const NOTIFICATION_SETTING_KEYS = [
  'tradeCloseAlerts',
  'tradeCloseEmail',
  'tradeCloseApp',
  'leagueAlerts',
  'leagueBadges',
  'leagueRanking',
  'leagueRankingImmediate',
  'leagueRankingDaily',
  'goalAlerts',
  'goalDaily',
  'goalMonthly',
  'goalReminder',
  'mentorAlerts',
  'mentorRequests',
  'mentorFeedback',
  'economicAlerts',
  'digestAlerts',
  'weeklyDigest',
  'monthlyDigest',
  'preventDuplicates',
] as const;
export type NotificationSwitchKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/**
 * Switches start on, except the per-trade lock e-mail: the in-app alert already covers it and an e-mail for
 * every trade would bury the digests.
 */
export const DEFAULT_NOTIFICATION_SWITCHES: Record<NotificationSwitchKey, boolean> = {
  tradeCloseAlerts: true,
  tradeCloseEmail: false,
  tradeCloseApp: true,
  leagueAlerts: true,
  leagueBadges: true,
  leagueRanking: true,
  leagueRankingImmediate: true,
  leagueRankingDaily: true,
  goalAlerts: true,
  goalDaily: true,
  goalMonthly: true,
  goalReminder: true,
  mentorAlerts: true,
  mentorRequests: true,
  mentorFeedback: true,
  economicAlerts: true,
  digestAlerts: true,
  weeklyDigest: true,
  monthlyDigest: true,
  preventDuplicates: true,
};

export const DEFAULT_NOTIFICATION_TIMINGS = {
  lockAlertTimings: '60,15,3',
  economicLeadMinutes: 30,
  weeklyDigestSlot: 'friday-12:00',
  monthlyDigestSlot: 'first-12:00',
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
} as const;

export const DEFAULT_NOTIFICATION_SETTINGS = {
  ...DEFAULT_NOTIFICATION_SWITCHES,
  ...DEFAULT_NOTIFICATION_TIMINGS,
};
