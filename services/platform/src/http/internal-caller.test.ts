import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import type { Caller } from '../identity';
import type { YomanModule } from '../module';
import { createServiceApp } from '../process/service-app';
import { createTestPlatform } from '../testing';
import { requireCaller } from './caller';
import { CALLER_HEADER, signCaller, verifyCaller } from './internal-caller';

const SECRET = 'a'.repeat(64);
const OTHER_SECRET = 'b'.repeat(64);
const NOW = new Date('2026-03-02T10:00:00Z');
const secondsLater = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const caller: Caller = {
  userId: 'u1',
  sessionId: 's1',
  role: 'student',
  organisationId: 'o1',
};

/** Swaps one character of a base64url string for another, so the text stays well-formed but changes. */
const flipped = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('signCaller and verifyCaller', () => {
  it('round-trips the caller: identity only', () => {
    expect(verifyCaller(signCaller(caller, SECRET, NOW), SECRET, secondsLater(59))).toEqual(caller);
  });

  it('drops anything beyond identity a signer put in, so no service can rely on it', () => {
    const withMore = { ...caller, context: { timezone: 'Europe/London' } } as Caller;
    expect(verifyCaller(signCaller(withMore, SECRET, NOW), SECRET, NOW)).toEqual(caller);
  });

  it('round-trips a signed-out request as null, told apart from a bad header (undefined)', () => {
    expect(verifyCaller(signCaller(null, SECRET, NOW), SECRET, NOW)).toBeNull();
    expect(verifyCaller(signCaller(null, OTHER_SECRET, NOW), SECRET, NOW)).toBeUndefined();
  });

  it('refuses a header signed with another secret', () => {
    expect(verifyCaller(signCaller(caller, OTHER_SECRET, NOW), SECRET, NOW)).toBeUndefined();
  });

  it('refuses a header 60 seconds after it was signed', () => {
    expect(verifyCaller(signCaller(caller, SECRET, NOW), SECRET, secondsLater(60))).toBeUndefined();
  });

  it('refuses a tampered payload or signature', () => {
    const [payload = '', signature = ''] = signCaller(caller, SECRET, NOW).split('.');
    const promoted = Buffer.from(
      JSON.stringify({ caller: { ...caller, role: 'mentor' }, exp: 9e9 }),
    ).toString('base64url');
    expect(verifyCaller(`${promoted}.${signature}`, SECRET, NOW)).toBeUndefined();
    expect(verifyCaller(`${flipped(payload, 5)}.${signature}`, SECRET, NOW)).toBeUndefined();
    expect(verifyCaller(`${payload}.${flipped(signature, 3)}`, SECRET, NOW)).toBeUndefined();
    expect(verifyCaller(`${payload}.${signature.slice(1)}`, SECRET, NOW)).toBeUndefined();
  });

  it('refuses malformed headers', () => {
    for (const header of ['', 'abc', 'a.b.c', '.', `${Buffer.from('{').toString('base64url')}.x`]) {
      expect(verifyCaller(header, SECRET, NOW)).toBeUndefined();
    }
  });

  it('refuses a well-signed payload that is not a caller', () => {
    const exp = NOW.getTime() / 1000 + 30;
    for (const body of [{ caller: { userId: 'u1' }, exp }, { caller, exp: 'later' }, [caller]]) {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
      expect(verifyCaller(`${payload}.${signature}`, SECRET, NOW)).toBeUndefined();
    }
  });
});

const whoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/who', async (request) => requireCaller(request));
};
const whoModule: YomanModule = {
  name: 'who',
  migrations: [],
  routes: whoRoutes,
  declaredRoutes: [{ method: 'GET', path: '/api/who', access: 'signed-in' }],
};

describe('internalCallerPlugin on a service API', () => {
  let running: RunningPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    running = await createTestPlatform([whoModule], { config: { internalSecret: SECRET } });
    app = await createServiceApp(running.platform, [whoModule], { role: 'api' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await running.close();
  });

  const signedNow = () => signCaller(caller, SECRET, running.platform.clock.now());

  it('serves a request that carries a valid header, as that caller', async () => {
    const response = await app.inject({ url: '/api/who', headers: { [CALLER_HEADER]: signedNow() } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(caller);
  });

  it('answers 401 INTERNAL_CALLER_REQUIRED without the header, with a forged one, or an expired one', async () => {
    const expired = signCaller(caller, SECRET, new Date(running.platform.clock.now().getTime() - 61_000));
    const headers = [
      {},
      { [CALLER_HEADER]: signCaller(caller, OTHER_SECRET, new Date()) },
      { [CALLER_HEADER]: expired },
    ];
    for (const header of headers) {
      const response = await app.inject({ url: '/api/who', headers: header });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INTERNAL_CALLER_REQUIRED',
        message: expect.stringMatching(/[א-ת]/),
      });
    }
  });

  it('lets a vouched signed-out request reach the access check, which refuses a signed-in route with 401', async () => {
    const nobody = signCaller(null, SECRET, running.platform.clock.now());
    const response = await app.inject({ url: '/api/who', headers: { [CALLER_HEADER]: nobody } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses even unknown /api paths and the API description without the header', async () => {
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
  });

  it('leaves the probes open', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
