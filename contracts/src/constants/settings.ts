// User-settings option lists and defaults (spec §3, §9; domain rules §2, §3).

export const SETTINGS_SECTIONS = ['profile', 'display', 'sharing', 'integrations'] as const;

export const SETTINGS_CURRENCIES = ['ILS', 'USD', 'EUR'] as const;
export const SETTINGS_CURRENCY_LABELS: Record<(typeof SETTINGS_CURRENCIES)[number], string> = {
  ILS: 'שקל (₪)',
  USD: 'דולר ($)',
  EUR: 'אירו (€)',
};

export const SETTINGS_TIME_ZONES = ['Asia/Jerusalem', 'Europe/London', 'America/New_York'] as const;
export const SETTINGS_TIME_ZONE_LABELS: Record<(typeof SETTINGS_TIME_ZONES)[number], string> = {
  'Asia/Jerusalem': 'ירושלים',
  'Europe/London': 'לונדון',
  'America/New_York': 'ניו יורק',
};

export const NUMBER_FORMATS = ['comma', 'period'] as const;
export const NUMBER_FORMAT_LABELS: Record<(typeof NUMBER_FORMATS)[number], string> = {
  comma: '1,234.56',
  period: '1.234,56',
};

export const AUTO_EXPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const AUTO_EXPORT_FREQUENCY_LABELS: Record<(typeof AUTO_EXPORT_FREQUENCIES)[number], string> = {
  daily: 'יומי',
  weekly: 'שבועי',
  monthly: 'חודשי',
};

export const AUTO_EXPORT_PROVIDERS = ['google_drive', 'dropbox', 'none'] as const;
export const AUTO_EXPORT_PROVIDER_LABELS: Record<(typeof AUTO_EXPORT_PROVIDERS)[number], string> = {
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  none: 'ללא',
};

export const DEFAULT_PROFILE_SETTINGS = { bio: '', publicProfile: false } as const;

export const DEFAULT_DISPLAY_SETTINGS = {
  currency: 'ILS',
  timezone: 'Asia/Jerusalem',
  numberFormat: 'comma',
  rtlLayout: true,
  monthlyGoalR: 10,
} as const;

export const DEFAULT_SHARING_SETTINGS = {
  blurAmounts: true,
  shareWinRate: true,
  shareRMultiple: true,
  shareScreenshots: false,
  shareSetups: true,
} as const;

export const DEFAULT_INTEGRATION_SETTINGS = {
  autoExport: { enabled: false, frequency: 'monthly', provider: 'none' },
} as const;

/** Hours after exit before a trade locks when the organisation set nothing. */
export const DEFAULT_TRADE_LOCK_HOURS = 24;

export const DEFAULT_LOCKING_POLICY = {
  tradeLockHours: DEFAULT_TRADE_LOCK_HOURS,
  weekendLocking: true,
  description:
    'עסקה ננעלת 24 שעות אחרי זמן היציאה. לאחר הנעילה לא ניתן לערוך או למחוק אותה, כך שהנתונים משקפים את זמן המסחר האמיתי.',
} as const;
