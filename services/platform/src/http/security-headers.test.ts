import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, securityHeadersOf } from './security-headers';

const options = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://remotes.example'],
      objectSrc: ["'none'"],
    },
  },
};

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify();
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  const response = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  const { date: _date, 'content-length': _length, connection: _connection, ...rest } = response.headers;
  return rest;
}

describe('the security headers, computed once', () => {
  it('are the headers @fastify/helmet sets per request with the same options', async () => {
    const perRequest = await headersFrom((app) => app.register(fastifyHelmet, options));
    const once = await headersFrom((app) => addSecurityHeaders(app, options));
    expect(once).toEqual(perRequest);
  });

  it('carry the content security policy and the usual helmet headers', () => {
    const headers = securityHeadersOf(options);
    expect(headers['content-security-policy']).toContain("script-src 'self' https://remotes.example");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
