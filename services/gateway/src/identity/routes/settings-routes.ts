import {
  deviceDisconnectedSchema,
  deviceParamsSchema,
  type UpdateUserSettingsBody,
  updateUserSettingsBodySchema,
  userSettingsSchema,
} from '@yoman/contracts';
import { AppError, type Caller, forbidden, notFound, requireCaller, unauthenticated } from '@yoman/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { revokeDevice } from '../sessions/session-store';
import { readUserSettings } from '../settings/settings-view';
import type { UserChange } from '../user/decider';
import { runUserCommand } from '../user/user-commands';

// Sections the settings screen shows but the user cannot write through PUT /api/user-settings.
const READ_ONLY_SECTIONS: Record<string, () => AppError> = {
  lockingPolicy: () => forbidden('מדיניות הנעילה נקבעת על ידי המנטור ואינה ניתנת לשינוי'),
  security: () =>
    new AppError(400, 'SECURITY_READ_ONLY', 'לא ניתן לערוך את רשימת המכשירים כאן; נתקו מכשיר בכפתור הניתוק'),
};

/** Refuses a read-only section with its own message before the body's shape is checked. */
async function refuseReadOnlySections(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return;
  for (const [section, refusal] of Object.entries(READ_ONLY_SECTIONS)) {
    if (Object.hasOwn(body, section)) throw refusal();
  }
}

/** The one section a PUT writes, as the command that changes it. */
function commandFor(body: UpdateUserSettingsBody, userId: string, now: Date): UserChange {
  const metadata = { now };
  if ('profile' in body) return { type: 'ChangeProfile', data: { userId, profile: body.profile }, metadata };
  if ('display' in body) return { type: 'ChangeDisplay', data: { userId, display: body.display }, metadata };
  if ('sharing' in body) return { type: 'ChangeSharing', data: { userId, sharing: body.sharing }, metadata };
  return { type: 'ChangeIntegrations', data: { userId, integrations: body.integrations }, metadata };
}

/** The settings screen: read all sections, write one, and disconnect devices. */
export const settingsRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.platform;

  async function settingsOf(caller: Caller) {
    const settings = await readUserSettings(db, caller.userId, caller.sessionId, clock.now());
    if (!settings) throw unauthenticated();
    return settings;
  }

  app.get('/user-settings', { schema: { response: { 200: userSettingsSchema } } }, async (request) =>
    settingsOf(requireCaller(request)),
  );

  app.put(
    '/user-settings',
    {
      preValidation: refuseReadOnlySections,
      schema: { body: updateUserSettingsBodySchema, response: { 200: userSettingsSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      await runUserCommand(app.platform, commandFor(request.body, caller.userId, clock.now()), caller);
      return settingsOf(caller);
    },
  );

  app.delete(
    '/auth/devices/:id',
    { schema: { params: deviceParamsSchema, response: { 200: deviceDisconnectedSchema } } },
    async (request) => {
      const caller = requireCaller(request);
      const revoked = await revokeDevice(db, caller.userId, request.params.id, clock.now());
      if (!revoked) throw notFound('המכשיר לא נמצא');
      return { ok: true as const };
    },
  );
};
