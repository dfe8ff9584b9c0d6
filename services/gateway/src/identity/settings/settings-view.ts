import {
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_SHARING_SETTINGS,
  displaySettingsSchema,
  integrationSettingsSchema,
  sharingSettingsSchema,
  type UserSettings,
} from '@yoman/contracts';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { isSessionAlive } from '../sessions/lifetime';
import { listOpenSessions } from '../sessions/session-store';
import { lockingPolicyOf } from './locking-policy';

/** Reads a stored section, falling back to the defaults when the row holds something unreadable. */
function sectionOf<Section>(schema: z.ZodType<Section>, stored: unknown, fallback: Section): Section {
  const value = typeof stored === 'string' ? safeJson(stored) : stored;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The settings screen's data for one user; `currentSessionId` marks the device asking. */
export async function readUserSettings(
  db: Knex,
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<UserSettings | null> {
  const user = await db('users').where({ id: userId }).first();
  if (!user) return null;
  const stored = await db('user_settings').where({ user_id: userId }).first();
  const organisation = user.organisation_id
    ? await db('organisations').where({ id: user.organisation_id }).first()
    : undefined;
  const sessions = await listOpenSessions(db, userId, now);
  return {
    profile: {
      displayName: user.display_name,
      bio: user.bio ?? '',
      publicProfile: Boolean(user.public_profile),
    },
    security: {
      connectedDevices: sessions
        .filter((session) => isSessionAlive(session, now))
        .map((session) => ({
          id: session.deviceId,
          name: session.deviceName,
          lastActive: session.lastActiveAt.toISOString(),
          current: session.id === currentSessionId,
        })),
    },
    display: sectionOf(displaySettingsSchema, stored?.display, { ...DEFAULT_DISPLAY_SETTINGS }),
    sharing: sectionOf(sharingSettingsSchema, stored?.sharing, { ...DEFAULT_SHARING_SETTINGS }),
    integrations: sectionOf(integrationSettingsSchema, stored?.integrations, {
      autoExport: { ...DEFAULT_INTEGRATION_SETTINGS.autoExport },
    }),
    lockingPolicy: lockingPolicyOf(
      organisation
        ? { tradeLockHours: organisation.trade_lock_hours, weekendLocking: organisation.weekend_locking }
        : null,
    ),
  };
}
