import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Caller } from '../identity';
import { AppError } from './errors';

/** The header the gateway sends to a service: `<payload>.<signature>`, both base64url. */
export const CALLER_HEADER = 'x-yoman-caller';

/** How long a signed caller stays valid: one request's trip from the gateway to a service. */
export const CALLER_LIFETIME_SECONDS = 60;

const callerSchema = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  role: z.enum(['mentor', 'student']),
  organisationId: z.string().min(1).nullable(),
});

// A null caller is the gateway vouching for a signed-out request (to a public route of a service).
const payloadSchema = z.object({ caller: callerSchema.nullable(), exp: z.number().int() });

const signatureOf = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

const secondsOf = (time: Date) => Math.floor(time.getTime() / 1000);

/**
 * The header value vouching for `caller` until 60 s after `now`, signed with `secret` (HMAC-SHA256); `null`
 * vouches for a signed-out request, which the service's access check then treats as such.
 */
export function signCaller(caller: Caller | null, secret: string, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ caller, exp: secondsOf(now) + CALLER_LIFETIME_SECONDS }),
  ).toString('base64url');
  return `${payload}.${signatureOf(payload, secret)}`;
}

/**
 * The caller a header vouches for (null: a signed-out request the gateway let through), or undefined when it
 * is malformed, forged, or expired at `now`.
 */
export function verifyCaller(header: string, secret: string, now: Date): Caller | null | undefined {
  const parts = header.split('.');
  if (parts.length !== 2) return undefined;
  const [payload = '', signature = ''] = parts;
  const expected = Buffer.from(signatureOf(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.exp <= secondsOf(now)) return undefined;
  // An expiry further ahead than a fresh signature's was minted to outlive its request: refuse it too.
  if (parsed.data.exp > secondsOf(now) + 2 * CALLER_LIFETIME_SECONDS) return undefined;
  return parsed.data.caller;
}

export interface InternalCallerOptions {
  /** INTERNAL_SECRET: the key the gateway signs with. */
  secret: string;
}

/** The answer to an /api request that did not come through the gateway. */
export const internalCallerRequired = () =>
  new AppError(401, 'INTERNAL_CALLER_REQUIRED', 'הבקשה חייבת לעבור דרך שער המערכת');

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * For a service's API process: every /api request must carry a valid caller header from the gateway, whose
 * caller becomes `request.caller` (none for a signed-out one: the access check then decides); anything else is
 * refused with 401. The probes stay open.
 */
export const internalCallerPlugin = fp<InternalCallerOptions>(
  async (app, options) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (!isApiPath(request.url)) return;
      const header = request.headers[CALLER_HEADER];
      const caller =
        typeof header === 'string'
          ? verifyCaller(header, options.secret, app.platform.clock.now())
          : undefined;
      if (caller === undefined) throw internalCallerRequired();
      if (caller) request.caller = caller;
    });
  },
  { name: 'yoman-internal-caller' },
);
