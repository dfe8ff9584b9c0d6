import { loggedOutSchema, loginBodySchema, registerBodySchema, userSchema } from '@yoman/contracts';
import { AppError, requireCaller, tooManyRequests, unauthenticated } from '@yoman/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailKey } from '../accounts/account-keys';
import {
  forgetAccountFailures,
  recordLoginFailure,
  secondsUntilLoginAllowed,
} from '../accounts/login-throttle';
import { passwordMatches } from '../accounts/password';
import { registerAccount } from '../accounts/register-account';
import { deviceNameOf } from '../sessions/device-name';
import { clearSessionCookie, writeSessionCookie } from '../sessions/session-cookie';
import { openSession, revokeSession } from '../sessions/session-store';
import { readUser } from '../user/user-view';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'אימייל או סיסמה שגויים');
const loginBlocked = (seconds: number) =>
  tooManyRequests(seconds, `יותר מדי ניסיונות התחברות. נסו שוב בעוד ${Math.ceil(seconds / 60)} דקות`);

/** Register, login, logout and the current user. */
export const authRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.platform;

  /** Replaces whatever session this browser had with a new one (a new id at every login). */
  async function startSession(request: FastifyRequest, userId: string, rememberMe: boolean) {
    const now = clock.now();
    if (request.caller) await revokeSession(db, request.caller.sessionId, now);
    const deviceName = deviceNameOf(request.headers['user-agent']);
    const session = await openSession(db, { userId, deviceName, rememberMe, now });
    writeSessionCookie(request, session);
  }

  async function userOrUnauthenticated(userId: string) {
    const user = await readUser(db, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  app.post(
    '/register',
    { schema: { body: registerBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const account = await registerAccount(app.platform, request.body, { kind: 'self-registration' });
      await startSession(request, account.userId, true);
      return userOrUnauthenticated(account.userId);
    },
  );

  app.post(
    '/login',
    { schema: { body: loginBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const { email, password, rememberMe } = request.body;
      const subjects = { account: emailKey(email), address: request.ip };
      const now = clock.now();
      const wait = await secondsUntilLoginAllowed(db, subjects, now);
      if (wait > 0) throw loginBlocked(wait);
      const credentials = await db('identity_credentials')
        .where({ email_key: subjects.account })
        .first('user_id', 'password_hash');
      const matches = await passwordMatches(credentials?.password_hash, password);
      if (!credentials || !matches) {
        await recordLoginFailure(db, subjects, now);
        throw invalidCredentials();
      }
      await forgetAccountFailures(db, subjects);
      await startSession(request, credentials.user_id, rememberMe ?? false);
      return userOrUnauthenticated(credentials.user_id);
    },
  );

  app.post('/logout', { schema: { response: { 200: loggedOutSchema } } }, async (request) => {
    if (request.caller) await revokeSession(db, request.caller.sessionId, clock.now());
    clearSessionCookie(request);
    return { ok: true as const };
  });

  app.get('/user', { schema: { response: { 200: userSchema } } }, async (request) => {
    return userOrUnauthenticated(requireCaller(request).userId);
  });
};
