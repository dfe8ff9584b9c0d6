import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTING_KEYS } from './constants';
import {
  MarkedAllRead,
  NotificationList,
  NotificationSettings,
  NotificationSettingsPatch,
} from './notifications';

describe('notification', () => {
  const notification = {
    id: '9d3b1f2e-4a5c-4d6e-8f70-1a2b3c4d5e6f',
    type: 'trade',
    title: 'העסקה תינעל בעוד 15 דקות',
    message: 'BTCUSDT תינעל בקרוב. צרף צילום מסך כדי לשמור על ציון האמון.',
    isRead: false,
    createdAt: '2026-03-06T09:45:00.000Z',
    actionUrl: '/trades',
  };

  it('accepts the spec §3 fields', () => {
    expect(NotificationList.parse([notification])).toEqual([notification]);
  });

  it('refuses an unknown type', () => {
    expect(NotificationList.safeParse([{ ...notification, type: 'spam' }]).success).toBe(false);
  });
});

describe('notification settings', () => {
  it('hold every switch of spec §3 and the timing selectors, and the defaults fit them', () => {
    const settings = NotificationSettings.parse(DEFAULT_NOTIFICATION_SETTINGS);
    for (const key of NOTIFICATION_SETTING_KEYS) expect(typeof settings[key]).toBe('boolean');
    expect(Object.keys(NotificationSettings.shape)).toHaveLength(NOTIFICATION_SETTING_KEYS.length + 6);
  });

  it('accept a partial patch of switches or timings', () => {
    expect(NotificationSettingsPatch.parse({ weeklyDigest: false })).toEqual({ weeklyDigest: false });
    expect(NotificationSettingsPatch.parse({ economicLeadMinutes: 60, quietHoursStart: '23:00' })).toEqual({
      economicLeadMinutes: 60,
      quietHoursStart: '23:00',
    });
  });

  it('refuse an empty patch, an unknown key, a non-boolean switch and an unlisted timing', () => {
    expect(NotificationSettingsPatch.safeParse({}).error?.issues[0]?.message).toBe('לא נשלח שום שינוי');
    expect(NotificationSettingsPatch.safeParse({ pushAlerts: true }).success).toBe(false);
    expect(NotificationSettingsPatch.safeParse({ goalAlerts: 'yes' }).success).toBe(false);
    expect(NotificationSettingsPatch.safeParse({ economicLeadMinutes: 45 }).success).toBe(false);
    expect(NotificationSettingsPatch.safeParse({ quietHoursEnd: '09:00' }).success).toBe(false);
  });
});

describe('mark all read', () => {
  it('answers how many were marked', () => {
    expect(MarkedAllRead.parse({ updated: 4 })).toEqual({ updated: 4 });
    expect(MarkedAllRead.safeParse({ updated: -1 }).success).toBe(false);
  });
});
