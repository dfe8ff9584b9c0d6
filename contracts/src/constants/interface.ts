// Interface sizes, delays and limits the screens share (spec §2, §9).

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
  label: 'Notification',
  maxWidthPx: 420,
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

/** Sidebar width in spacing units (4px each). */
export const SIDEBAR = {
  collapsedUnits: 16,
  expandedUnits: 64,
  storageKey: 'sidebar-collapsed',
  initialsMax: 2,
  initialsFallback: 'U',
  displayNameFallback: 'משתמש',
} as const;

export const DAY_DRAWER_WIDTH_PX = 450;

/** The mentor overview lists at most this many alerts. */
export const ALERTS_MAX = 5;

export const PASSWORD_MIN_LENGTH = 8;

export const IMAGE_LIMITS = {
  avatarMaxBytes: 5 * 1024 * 1024,
  screenshotMaxBytes: 5 * 1024 * 1024,
  uploadDefaultMaxBytes: 10_485_760,
  cropMaxPx: 200,
  avatarAspectRatio: 1,
  jpegQuality: 0.9,
  acceptedTypes: ['image/jpeg', 'image/png'],
  /** Simulated upload progress waits at 90 percent until the upload ends. */
  progressHoldPercent: 90,
  closeAfterDoneMs: 1500,
} as const;

export const ROLE_LABELS = { mentor: 'מנטור', student: 'תלמיד' } as const;

export const LEADERBOARD_PERIODS = ['week', 'month', 'season'] as const;
export const DEFAULT_LEADERBOARD_PERIOD = 'month';
export const LEAGUE_STATUSES = ['active', 'upcoming', 'ended'] as const;
/** Rarity per domain rules §4; the screens colour legendary, epic and rare and show the rest neutrally. */
export const BADGE_RARITIES = ['legendary', 'epic', 'rare', 'common'] as const;
/** Score weights (win rate, R, trust, goals) when a league sets none. */
export const DEFAULT_LEAGUE_WEIGHTS = {
  winRateWeight: 30,
  rWeight: 30,
  trustWeight: 25,
  goalsWeight: 15,
} as const;

export const STUDENT_STATUSES = ['active', 'inactive', 'suspended'] as const;
/** Mentor alert kinds: error and warning are coloured, info is neutral. */
export const MENTOR_ALERT_TYPES = ['error', 'warning', 'info'] as const;

/** Dashboard fallbacks shown when there is too little data. */
export const DASHBOARD_FALLBACKS = {
  bestSetup: 'breakout',
  strongestSession: 'london',
  dominantAsset: 'EURUSD',
  weeklyTasks: ['שיפור דיוק הכניסות', 'התמקדות בסשן לונדון', 'העלאת ה־R הממוצע'],
  goldTime: '14:00-16:00',
} as const;
