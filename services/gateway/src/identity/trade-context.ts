import { DEFAULT_DISPLAY_SETTINGS, DEFAULT_LOCKING_POLICY, displaySettingsSchema } from '@yoman/contracts';
import type { TradeContextOf } from '@yoman/trade';

// Weekends are read in the organisation's zone; organisations have no zone of their own yet, so Israel's.
const ORGANISATION_TIMEZONE = 'Asia/Jerusalem';

/** The trade module's view of a caller, answered by identity: display zone and organisation lock policy. */
export const tradeContextFromIdentity: TradeContextOf = async (caller, platform) => {
  const row = await platform
    .db('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .where('users.id', caller.userId)
    .first('user_settings.display', 'organisations.trade_lock_hours', 'organisations.weekend_locking');
  const stored = typeof row?.display === 'string' ? JSON.parse(row.display) : row?.display;
  const display = displaySettingsSchema.safeParse(stored);
  return {
    timezone: display.success ? display.data.timezone : DEFAULT_DISPLAY_SETTINGS.timezone,
    lockPolicy: {
      tradeLockHours: row?.trade_lock_hours ?? DEFAULT_LOCKING_POLICY.tradeLockHours,
      weekendLocking: row?.weekend_locking ?? DEFAULT_LOCKING_POLICY.weekendLocking,
      timezone: ORGANISATION_TIMEZONE,
    },
  };
};
