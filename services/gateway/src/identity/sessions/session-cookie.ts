import type { FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_LIFETIME } from './lifetime';
import type { StoredSession } from './session-store';

/** Puts a new session in the cookie: 30 days with "remember me", else a cookie that ends with the browser. */
export function writeSessionCookie(request: FastifyRequest, session: StoredSession): void {
  // A fresh cookie object (not a mutated one) so no value of an earlier session survives the login.
  request.session.regenerate();
  request.session.deleted = false;
  request.session.set('sessionId', session.id);
  request.session.set('userId', session.userId);
  if (session.rememberMe) request.session.options({ maxAge: SESSION_ABSOLUTE_LIFETIME.as('seconds') });
}

/** Clears the session cookie. */
export function clearSessionCookie(request: FastifyRequest): void {
  request.session.delete();
}
