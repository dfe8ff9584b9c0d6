import { z } from 'zod';
import {
  ECONOMIC_ALERT_LEAD_MINUTES,
  LOCK_ALERT_TIMING_VALUES,
  MONTHLY_DIGEST_VALUES,
  NOTIFICATION_TYPES,
  QUIET_HOURS_ENDS,
  QUIET_HOURS_STARTS,
  WEEKLY_DIGEST_VALUES,
} from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { Count, EntityId, Timestamp } from './fields';

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id: EntityId,
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: Timestamp,
  /** Where the notification leads in the app, when somewhere. */
  actionUrl: z.string().optional(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.array(Notification);
export type NotificationList = z.infer<typeof NotificationList>;

const Switch = z.boolean({ error: M.invalidChoice });

/** Every switch of the preferences tab (spec §3 "Notification settings"). */
export const NotificationSwitches = z.object({
  tradeCloseAlerts: Switch,
  tradeCloseEmail: Switch,
  tradeCloseApp: Switch,
  leagueAlerts: Switch,
  leagueBadges: Switch,
  leagueRanking: Switch,
  leagueRankingImmediate: Switch,
  leagueRankingDaily: Switch,
  goalAlerts: Switch,
  goalDaily: Switch,
  goalMonthly: Switch,
  goalReminder: Switch,
  mentorAlerts: Switch,
  mentorRequests: Switch,
  mentorFeedback: Switch,
  economicAlerts: Switch,
  digestAlerts: Switch,
  weeklyDigest: Switch,
  monthlyDigest: Switch,
  preventDuplicates: Switch,
});
export type NotificationSwitches = z.infer<typeof NotificationSwitches>;

/** The timing selectors, stored and obeyed like the switches (domain rules §5). */
export const NotificationTimings = z.object({
  lockAlertTimings: z.enum(LOCK_ALERT_TIMING_VALUES, { error: M.invalidChoice }),
  economicLeadMinutes: z.literal(ECONOMIC_ALERT_LEAD_MINUTES, { error: M.invalidChoice }),
  weeklyDigestSlot: z.enum(WEEKLY_DIGEST_VALUES, { error: M.invalidChoice }),
  monthlyDigestSlot: z.enum(MONTHLY_DIGEST_VALUES, { error: M.invalidChoice }),
  quietHoursStart: z.enum(QUIET_HOURS_STARTS, { error: M.invalidChoice }),
  quietHoursEnd: z.enum(QUIET_HOURS_ENDS, { error: M.invalidChoice }),
});
export type NotificationTimings = z.infer<typeof NotificationTimings>;

/** GET /api/notification-settings. */
export const NotificationSettings = z.object({ ...NotificationSwitches.shape, ...NotificationTimings.shape });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** PATCH /api/notification-settings body: any non-empty subset; unknown keys are refused. */
export const NotificationSettingsPatch = NotificationSettings.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, M.nothingToUpdate);
export type NotificationSettingsPatch = z.infer<typeof NotificationSettingsPatch>;

/** PATCH /api/notifications/mark-all-read answer. */
export const MarkedAllRead = z.object({ updated: Count });
export type MarkedAllRead = z.infer<typeof MarkedAllRead>;
