import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { YomanModule } from '../module';
import {
  capturedLogs,
  createTestApp,
  fuzzRoute,
  headerCaller,
  listenOnLoopback,
  postAndLeave,
  type TestApp,
} from '../testing';
import { authenticated, requireCaller } from './caller';
import { VALIDATION_FAILED_MESSAGE } from './error-handler';
import { ConcurrencyError, notFound, tooManyRequests } from './errors';
import { MALFORMED_TEXT_MESSAGE } from './json-body';

const noteBody = z.object({
  title: z.string().min(1).max(100),
  tags: z.array(z.enum(['setup', 'mistake'])).max(5),
  rating: z.number().int().min(1).max(5),
});

const notesRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/notes',
    { schema: { body: noteBody, response: { 201: z.object({ id: z.string(), title: z.string() }) } } },
    async (request, reply) => reply.status(201).send({ id: 'n1', title: request.body.title }),
  );
  api.get('/notes/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async () => {
    throw notFound('הפתק לא נמצא');
  });
  api.get('/me', { preHandler: authenticated }, async (request) => ({
    userId: requireCaller(request).userId,
  }));
  api.post('/greeting', async (_request, reply) => reply.header('set-cookie', 'seen=1; HttpOnly').send({}));
  api.get('/boom', async () => {
    throw new Error('database exploded: secret detail');
  });
  api.get('/busy', async () => {
    throw tooManyRequests(30);
  });
  api.put('/stale', async () => {
    throw new ConcurrencyError('note-1');
  });
  // An answer whose body comes later, as a proxied service's does: its first bytes after 300 ms.
  api.post('/slow', async (_request, reply) => {
    const body = new Readable({ read() {} });
    setTimeout(() => body.push('{}') && body.push(null), 300).unref();
    return reply.type('application/json').send(body);
  });
  api.post('/slow-boom', async () => {
    await sleep(150);
    throw new Error('database exploded after the client left');
  });
};

const notesModule: YomanModule = {
  name: 'notes',
  migrations: [],
  routes: notesRoutes,
  declaredRoutes: [
    { method: 'POST', path: '/api/notes', access: 'public' },
    { method: 'GET', path: '/api/notes/{id}', access: 'public' },
    { method: 'GET', path: '/api/me', access: 'signed-in' },
    { method: 'POST', path: '/api/greeting', access: 'public' },
    { method: 'GET', path: '/api/boom', access: 'public' },
    { method: 'GET', path: '/api/busy', access: 'public' },
    { method: 'PUT', path: '/api/stale', access: 'public' },
    { method: 'POST', path: '/api/slow', access: 'public' },
    { method: 'POST', path: '/api/slow-boom', access: 'public' },
  ],
};
const logs = capturedLogs();
const { logger } = logs;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ modules: [notesModule], plugins: [headerCaller], logger });
});
afterAll(() => testApp.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: '/api/notes', payload: payload as object, headers });
const validNote = { title: 'כניסה מוקדמת', tags: ['setup'], rating: 4 };

describe('the HTTP app', () => {
  it('serves a module route under /api with its schema', async () => {
    const response = await post(validNote);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'n1', title: 'כניסה מוקדמת' });
  });

  it('answers invalid input with 400 VALIDATION_FAILED, a Hebrew message and the issues', async () => {
    const response = await post({ title: '', tags: ['other'], rating: 9 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'הנתונים שנשלחו אינם תקינים' });
    expect(body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([
      ['title'],
      ['tags', 0],
      ['rating'],
    ]);
    expect(body.issues[0].message).toMatch(/[\u0590-\u05FF]/);
    const badParam = await testApp.app.inject({ method: 'GET', url: '/api/notes/not-a-uuid' });
    expect(badParam.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['id'] }] });
  });

  it('refuses a 5,000-character id with 400 naming the parameter, not a raw 414', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/notes/${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_FAILED_MESSAGE,
      issues: [{ path: ['id'] }],
    });
    expect(response.json().issues[0].message).toMatch(/[\u0590-\u05FF]/);
  });

  it('answers a path that is not valid percent-encoding with 400 in the house shape', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/notes/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'כתובת הבקשה אינה תקינה', code: 'BAD_URL' });
  });

  it('maps an AppError to its status, code, message and headers', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/notes/6f1c7c1e-3f8f-4a59-9a43-3e3f4d1c2b10',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'הפתק לא נמצא', code: 'NOT_FOUND' });
    const busy = await testApp.app.inject({ method: 'GET', url: '/api/busy' });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('30');
    expect(busy.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const stale = await testApp.app.inject({ method: 'PUT', url: '/api/stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONCURRENCY_CONFLICT' });
  });

  it('refuses a signed-out caller with 401 and lets a signed-in one through', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'נדרשת התחברות', code: 'UNAUTHENTICATED' });
    const signedIn = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-test-user': 'u7' },
    });
    expect(signedIn.json()).toEqual({ userId: 'u7' });
  });

  it('marks every answer of a signed-in route, and any answer that sets a cookie, Cache-Control: no-store', async () => {
    const me = (headers: Record<string, string>) => testApp.app.inject({ url: '/api/me', headers });
    expect((await me({ 'x-test-user': 'u7' })).headers['cache-control']).toBe('no-store');
    expect((await me({})).headers['cache-control']).toBe('no-store');
    const cookie = await testApp.app.inject({ method: 'POST', url: '/api/greeting', payload: {} });
    expect(cookie.headers['cache-control']).toBe('no-store');
    expect((await post(validNote)).headers['cache-control']).toBeUndefined();
  });

  it('answers a crash with a generic 500 and logs it with the request id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/boom',
      headers: { 'x-request-id': 'req-boom-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'אירעה שגיאה בשרת', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret detail');
    expect(response.headers['x-request-id']).toBe('req-boom-1');
    const logged = logs.entries().find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 50,
      requestId: 'req-boom-1',
      err: { message: expect.stringContaining('exploded') },
    });
  });

  /** Sends a POST to `path` on the listening app, closes the connection 50 ms later, and answers its log. */
  const leaveEarly = async (path: string, requestId: string) => {
    const { address } = await listenOnLoopback(testApp.app);
    await postAndLeave(address, path, {
      headers: { 'x-request-id': requestId },
      body: '{}',
      leaveAfterMs: 50,
      settleMs: 400,
    });
    return logs.ofRequest(requestId);
  };

  it('logs a client that leaves before its answer as information, not as a failure of the server', async () => {
    const lines = await leaveEarly('/api/slow', 'req-left-1');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.find((line) => line.msg === 'the client left before its answer was sent')).toMatchObject({
      level: 30,
      err: { code: 'ERR_STREAM_PREMATURE_CLOSE' },
    });
  });

  it('still logs a server fault as a failure when its client has left meanwhile', async () => {
    const lines = await leaveEarly('/api/slow-boom', 'req-left-2');
    expect(lines.find((line) => line.msg === 'request failed')).toMatchObject({
      level: 50,
      err: { message: expect.stringContaining('after the client left') },
    });
  });

  it('answers bad JSON 400, a too large body 413 and other media types 415', async () => {
    const badJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect([badJson.statusCode, badJson.json().code]).toEqual([400, 'INVALID_JSON']);
    const huge = await post({ ...validNote, title: 'x'.repeat(2 * 1024 * 1024) });
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { 'content-type': contentType },
        payload: 'title=x',
      });
      expect([response.statusCode, response.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });

  it('refuses a lone surrogate in any string or key with 400 naming the field, and keeps paired ones', async () => {
    const raw = (payload: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const cases: [string, (string | number)[]][] = [
      ['{"title":"\\ud800x","tags":[],"rating":4}', ['title']],
      ['{"title":"ok","tags":["setup","\\udc00"],"rating":4}', ['tags', 1]],
      ['{"title":"ok","tags":[],"rating":4,"\\ud83d":1}', ['\ud83d']],
    ];
    for (const [payload, path] of cases) {
      const response = await raw(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({
        message: VALIDATION_FAILED_MESSAGE,
        code: 'VALIDATION_FAILED',
        issues: [{ path, message: MALFORMED_TEXT_MESSAGE }],
      });
    }
    const emoji = await raw('{"title":"כניסה \\ud83d\\ude00","tags":[],"rating":4}');
    expect([emoji.statusCode, emoji.json().title]).toEqual([201, 'כניסה 😀']);
    const poisoned = await raw('{"title":"ok","tags":[],"rating":4,"__proto__":{"admin":true}}');
    expect([poisoned.statusCode, poisoned.json().code]).toEqual([400, 'INVALID_JSON']);
  });

  it('refuses a state change sent from another origin with 403 BAD_ORIGIN', async () => {
    const crossSite = await post(validNote, { host: 'yoman.example', origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    expect((await post(validNote, { host: 'yoman.example', origin: 'null' })).statusCode).toBe(403);
    expect(
      (await post(validNote, { host: 'yoman.example', origin: 'https://yoman.example' })).statusCode,
    ).toBe(201);
    expect((await post(validNote, { host: 'yoman.example' })).statusCode).toBe(201);
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { host: 'yoman.example', origin: 'https://evil.example', 'x-test-user': 'u1' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api/notes/1/2/3', '/api']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'הנתיב המבוקש לא נמצא', code: 'NOT_FOUND' });
    }
  });

  it('answers a method a path does not serve with 405, the methods it serves in Allow, in Hebrew', async () => {
    const wrongMethod = await testApp.app.inject({ method: 'DELETE', url: '/api/notes' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.json()).toEqual({ message: 'הפעולה אינה נתמכת בנתיב זה', code: 'METHOD_NOT_ALLOWED' });
    const parametric = await testApp.app.inject({ method: 'PUT', url: '/api/notes/any-id' });
    expect([parametric.statusCode, parametric.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('serves an OpenAPI 3.1 document built from the route schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/busy',
        '/api/me',
        '/api/notes',
        '/api/notes/{id}',
        '/api/stale',
        '/api/slow',
        '/api/slow-boom',
        '/api/boom',
        '/api/greeting',
      ].sort(),
    );
    const body = document.paths['/api/notes'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['title', 'tags', 'rating']);
  });

  it('sends security headers that allow this origin only', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/https?:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('survives generated and mutated bodies without a 5xx', async () => {
    const statuses = await fuzzRoute(testApp.app, {
      method: 'POST',
      url: '/api/notes',
      bodySchema: noteBody,
    });
    expect(statuses[201]).toBeGreaterThan(0);
    expect(statuses[400]).toBeGreaterThan(0);
    const queries = await fuzzRoute(testApp.app, { method: 'GET', url: '/api/me', numRuns: 50 });
    expect(queries[401]).toBe(50);
  });
});
