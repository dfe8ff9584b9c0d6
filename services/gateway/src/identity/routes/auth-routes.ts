import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaders,
  loggedOutSchema,
  loginBodySchema,
  registerBodySchema,
  userSchema,
} from '@yoman/contracts';
import { AppError, requireCaller, tooManyRequests, unauthenticated } from '@yoman/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailKey } from '../accounts/account-keys';
import {
  forgetLoginFailures,
  type LoginAttempt,
  loginLimitsOf,
  recordAttempt,
  registrationLimitsOf,
  secondsUntilAllowed,
} from '../accounts/login-throttle';
import { passwordMatches } from '../accounts/password';
import { registerAccount } from '../accounts/register-account';
import { deviceNameOf } from '../sessions/device-name';
import { knownDeviceIdOf, rememberDevice } from '../sessions/known-device';
import { clearSessionCookie, writeSessionCookie } from '../sessions/session-cookie';
import { openSession, revokeSession } from '../sessions/session-store';
import { readUser } from '../user/user-view';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'אימייל או סיסמה שגויים');
const loginBlocked = (seconds: number) =>
  tooManyRequests(seconds, `יותר מדי ניסיונות התחברות. נסו שוב בעוד ${Math.ceil(seconds / 60)} דקות`);
const registrationBlocked = (seconds: number) =>
  tooManyRequests(seconds, `יותר מדי הרשמות מכתובת זו. נסו שוב בעוד ${Math.ceil(seconds / 60)} דקות`);

/** Register, login, logout and the current user. */
export const authRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.platform;

  /**
   * Replaces whatever session this browser had with a new one (a new id at every login), and remembers the
   * browser as one the user signed in on.
   */
  async function startSession(request: FastifyRequest, userId: string, rememberMe: boolean) {
    const now = clock.now();
    if (request.caller) await revokeSession(db, request.caller.sessionId, now);
    const deviceName = deviceNameOf(request.headers['user-agent']);
    const session = await openSession(db, { userId, deviceName, rememberMe, now });
    writeSessionCookie(request, session);
    rememberDevice(request, userId);
  }

  async function userOrUnauthenticated(userId: string) {
    const user = await readUser(db, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  app.post(
    '/register',
    { schema: { headers: IdempotencyKeyHeaders, body: registerBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const limits = registrationLimitsOf(request.ip);
      const now = clock.now();
      const wait = await secondsUntilAllowed(db, limits, now);
      if (wait > 0) throw registrationBlocked(wait);
      // Counted before the outcome is known, so refused attempts (an e-mail already taken) count too.
      await recordAttempt(db, limits, now);
      // With a key, the same registration sent again (its answer lost, a 503 after it was stored) signs in to
      // the account it created instead of answering "name taken".
      const account = await registerAccount(
        app.platform,
        request.body,
        { kind: 'self-registration' },
        { idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER] },
      );
      await startSession(request, account.userId, true);
      return userOrUnauthenticated(account.userId);
    },
  );

  app.post(
    '/login',
    { schema: { body: loginBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const { email, password, rememberMe } = request.body;
      const account = emailKey(email);
      const credentials = await db('identity_credentials')
        .where({ email_key: account })
        .first('user_id', 'password_hash');
      const attempt: LoginAttempt = {
        account,
        address: request.ip,
        knownDeviceId: credentials && knownDeviceIdOf(request, credentials.user_id),
      };
      const limits = loginLimitsOf(attempt);
      const now = clock.now();
      const wait = await secondsUntilAllowed(db, limits, now);
      if (wait > 0) throw loginBlocked(wait);
      const matches = await passwordMatches(credentials?.password_hash, password);
      if (!credentials || !matches) {
        await recordAttempt(db, limits, now);
        throw invalidCredentials();
      }
      await forgetLoginFailures(db, attempt);
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
