import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// helmet's security headers depend only on its options, yet @fastify/helmet builds the middleware (and
// parses the CSP) again for every request. They are computed once here and set on every answer.

/** The headers helmet sets with `options`, by name (the ones it removes, such as X-Powered-By, left out). */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  let done = false;
  helmet(options)({} as never, response, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.fromEntries(headers);
}

/** Sets the precomputed security headers on every answer. */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, next) => {
    reply.headers(headers);
    next();
  });
}
