import { z } from 'zod';
import {
  AUTO_EXPORT_FREQUENCIES,
  AUTO_EXPORT_PROVIDERS,
  NUMBER_FORMATS,
  SETTINGS_CURRENCIES,
  SETTINGS_TIME_ZONES,
} from './constants/settings';
import { IdParams, SafeText } from './fields';
import { parseEventWith } from './stored-event';

/** Limits of the identity module (spec §5, §9): password length and the avatar upload size. */
export const IDENTITY_LIMITS = {
  passwordMinLength: 8,
  profileImageMaxBytes: 5 * 1024 * 1024,
} as const;

const trimmed = (max: number) => SafeText.trim().min(1).max(max);

export const roleSchema = z.enum(['mentor', 'student']);
export type Role = z.infer<typeof roleSchema>;

/** POST /api/register body. */
export const registerBodySchema = z.strictObject({
  username: trimmed(40).regex(/^[\p{L}\p{N}_.-]+$/u),
  email: z.email().max(254),
  password: SafeText.min(IDENTITY_LIMITS.passwordMinLength).max(256),
  displayName: trimmed(80),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/login body; `rememberMe` chooses a 30-day cookie over a browser-session cookie. */
export const loginBodySchema = z.strictObject({
  email: z.email().max(254),
  password: SafeText.min(1).max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as GET /api/user, login and register answer it. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  organisationId: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const profileSettingsSchema = z.strictObject({
  displayName: trimmed(80),
  bio: SafeText.trim().max(500),
  publicProfile: z.boolean(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

/** A goal the settings may set: from a tenth of an R (a goal near zero makes progress meaningless) to 1,000R. */
const MonthlyGoalR = z.number().min(0.1).max(1000);

export const displaySettingsSchema = z.strictObject({
  currency: z.enum(SETTINGS_CURRENCIES),
  timezone: z.enum(SETTINGS_TIME_ZONES),
  numberFormat: z.enum(NUMBER_FORMATS),
  rtlLayout: z.boolean(),
  /** Monthly goal in R (domain rules §3). */
  monthlyGoalR: z.number().positive().max(1000),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

export const sharingSettingsSchema = z.strictObject({
  blurAmounts: z.boolean(),
  shareWinRate: z.boolean(),
  shareRMultiple: z.boolean(),
  shareScreenshots: z.boolean(),
  shareSetups: z.boolean(),
});
export type SharingSettings = z.infer<typeof sharingSettingsSchema>;

export const integrationSettingsSchema = z.strictObject({
  autoExport: z.strictObject({
    enabled: z.boolean(),
    frequency: z.enum(AUTO_EXPORT_FREQUENCIES),
    provider: z.enum(AUTO_EXPORT_PROVIDERS),
  }),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

export const connectedDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO timestamp of the device's last request. */
  lastActive: z.string(),
  current: z.boolean(),
});
export type ConnectedDevice = z.infer<typeof connectedDeviceSchema>;

export const lockingPolicySchema = z.object({
  tradeLockHours: z.number(),
  weekendLocking: z.boolean(),
  description: z.string(),
});
export type LockingPolicy = z.infer<typeof lockingPolicySchema>;

/** GET /api/user-settings answer (spec §3 "User settings"). */
export const userSettingsSchema = z.object({
  profile: profileSettingsSchema,
  security: z.object({ connectedDevices: z.array(connectedDeviceSchema) }),
  display: displaySettingsSchema,
  sharing: sharingSettingsSchema,
  integrations: integrationSettingsSchema,
  lockingPolicy: lockingPolicySchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * PUT /api/user-settings body: exactly one editable section, sent whole. `monthlyGoalR` may be left out of
 * the display section (the settings screen of the spec does not send it); the stored value is kept then.
 */
export const updateUserSettingsBodySchema = z.union([
  z.strictObject({ profile: profileSettingsSchema }),
  z.strictObject({
    display: displaySettingsSchema.extend({ monthlyGoalR: MonthlyGoalR.optional() }),
  }),
  z.strictObject({ sharing: sharingSettingsSchema }),
  z.strictObject({ integrations: integrationSettingsSchema }),
]);
export type UpdateUserSettingsBody = z.infer<typeof updateUserSettingsBodySchema>;

/** DELETE /api/auth/devices/{id} path. */
export const deviceParamsSchema = IdParams;
/** POST /api/logout answer (the client does not read it). */
export const loggedOutSchema = z.object({ ok: z.literal(true) });
/** DELETE /api/auth/devices/{id} answer. */
export const deviceDisconnectedSchema = z.object({ ok: z.literal(true) });

/** POST /api/profile/upload-url answer: a one-time PUT target for one JPEG or PNG image. */
export const uploadUrlSchema = z.object({ uploadURL: z.string() });
/** Answer of the upload target: where the stored image is served from. */
export const uploadedImageSchema = z.object({ imageURL: z.string() });
export const uploadTokenParamsSchema = z.object({ token: SafeText.min(1).max(200) });
export const uploadedFileParamsSchema = z.object({ name: SafeText.min(1).max(200) });

/** PUT /api/profile/image body: the upload URL (or the served image URL) of one of the caller's uploads. */
export const profileImageBodySchema = z.strictObject({ imageURL: SafeText.min(1).max(2048) });

// ── events of the identity module (one stream per user: `user-<id>`) ────────────────────────────────

export const USER_STREAM_TYPE = 'identity-user';

export const userRegisteredV1 = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  organisationId: z.string().nullable(),
  registeredAt: z.string(),
});
export const profileChangedV1 = z.object({
  userId: z.string(),
  displayName: z.string(),
  bio: z.string(),
  publicProfile: z.boolean(),
});
export const settingsChangedV1 = z.discriminatedUnion('section', [
  z.object({ userId: z.string(), section: z.literal('display'), values: displaySettingsSchema }),
  z.object({ userId: z.string(), section: z.literal('sharing'), values: sharingSettingsSchema }),
  z.object({ userId: z.string(), section: z.literal('integrations'), values: integrationSettingsSchema }),
]);
export const profileImageChangedV1 = z.object({ userId: z.string(), imageURL: z.string() });

/** Every identity event, by versioned type. */
export const identityEventSchemas = {
  'identity.user-registered.v1': userRegisteredV1,
  'identity.profile-changed.v1': profileChangedV1,
  'identity.settings-changed.v1': settingsChangedV1,
  'identity.profile-image-changed.v1': profileImageChangedV1,
} as const;

export type IdentityEventType = keyof typeof identityEventSchemas;
export type IdentityEvent = {
  [Type in IdentityEventType]: { type: Type; data: z.infer<(typeof identityEventSchemas)[Type]> };
}[IdentityEventType];
export const IDENTITY_EVENT_TYPES = Object.keys(identityEventSchemas) as IdentityEventType[];

/** Parses a stored event of a user's stream; undefined when its type or data is not an identity event. */
export const parseIdentityEvent = (event: { type: string; data: unknown }): IdentityEvent | undefined =>
  parseEventWith(identityEventSchemas, event);

// ── events of an organisation (one stream per organisation: `organisation-<id>`) ───────────────────────

export const ORGANISATION_STREAM_TYPE = 'identity-organisation';

const lockHoursSchema = z
  .number()
  .int()
  .min(0)
  .max(24 * 365);

/** A mentor's new organisation, with the lock policy its students' trades follow (rules §2). */
export const organisationCreatedV1 = z.object({
  organisationId: z.string(),
  name: z.string(),
  tradeLockHours: lockHoursSchema,
  weekendLocking: z.boolean(),
  createdAt: z.string(),
});
/** The organisation's lock policy changed (set by its mentor); trades logged after it follow the new one. */
export const lockPolicyChangedV1 = z.object({
  organisationId: z.string(),
  tradeLockHours: lockHoursSchema,
  weekendLocking: z.boolean(),
  changedAt: z.string(),
});

/** Every organisation event of the identity module, by versioned type. */
export const organisationEventSchemas = {
  'identity.organisation-created.v1': organisationCreatedV1,
  'identity.lock-policy-changed.v1': lockPolicyChangedV1,
} as const;

export type OrganisationEventType = keyof typeof organisationEventSchemas;
export type OrganisationEvent = {
  [Type in OrganisationEventType]: { type: Type; data: z.infer<(typeof organisationEventSchemas)[Type]> };
}[OrganisationEventType];
