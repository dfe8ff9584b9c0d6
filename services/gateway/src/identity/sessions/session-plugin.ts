import { hkdfSync } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionSettings } from '../../gateway-config';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_LIFETIME, KNOWN_DEVICE_PATH } from './known-device';
import { isLastActiveStale, isSessionAlive, SESSION_ABSOLUTE_LIFETIME } from './lifetime';
import { createSessionCache, type SessionCache } from './session-cache';
import { touchSession } from './session-store';

/** Name of the encrypted session cookie. */
export const SESSION_COOKIE = 'yoman_session';

declare module '@fastify/secure-session' {
  interface SessionData {
    sessionId: string;
    userId: string;
  }
}

/**
 * Root-scope session handling: the encrypted cookie carries only `{ sessionId, userId }`; every request
 * finds the session through the session cache, which no revocation outlives (see session-cache.ts), so a
 * logged-out or disconnected device is refused at once.
 * Sets `request.caller` for a live session; otherwise leaves it undefined and clears a stale cookie. The key
 * and the `Secure` flag are the gateway's settings (`SESSION_SECRET`, `COOKIE_SECURE`), read once at start.
 */
export const sessionPlugin = (settings: SessionSettings) =>
  fp(
    async (app) => {
      const key = Buffer.from(settings.secret, 'hex');
      await app.register(secureSession, [
        {
          sessionName: 'session',
          key,
          cookieName: SESSION_COOKIE,
          // The cookie's own expiry is a second line behind the table's absolute lifetime.
          expiry: SESSION_ABSOLUTE_LIFETIME.as('seconds'),
          cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure },
        },
        {
          sessionName: 'knownDevice',
          // A key of its own, derived from the session secret, so neither cookie can stand in for the other.
          key: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'yoman known device', 32)),
          cookieName: KNOWN_DEVICE_COOKIE,
          expiry: KNOWN_DEVICE_LIFETIME.as('seconds'),
          cookie: {
            path: KNOWN_DEVICE_PATH,
            httpOnly: true,
            sameSite: 'strict',
            secure: settings.secure,
            maxAge: KNOWN_DEVICE_LIFETIME.as('seconds'),
          },
        },
      ]);
      const { db, config } = app.platform;
      const sessions = createSessionCache(db, Boolean(config.databaseUrl));
      app.addHook('onRequest', (request) => resolveCaller(request, sessions));
    },
    { name: 'yoman-session' },
  );

async function resolveCaller(request: FastifyRequest, sessions: SessionCache): Promise<void> {
  const sessionId = request.session.get('sessionId');
  if (typeof sessionId !== 'string') return;
  const { db, clock } = request.server.platform;
  const now = clock.now();
  const session = await sessions.find(sessionId, now);
  if (!session || session.userId !== request.session.get('userId') || !isSessionAlive(session, now)) {
    request.session.delete();
    return;
  }
  if (isLastActiveStale(session.lastActiveAt, now)) {
    await touchSession(db, session.id, now);
    sessions.touched(session.id, now);
  }
  request.caller = {
    userId: session.userId,
    sessionId: session.id,
    role: session.role,
    organisationId: session.organisationId,
  };
}
