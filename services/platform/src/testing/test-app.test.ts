import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { YomanModule } from '../module';
import { platformModule } from '../platform-module';
import { fuzzRoute } from './fuzz-route';
import { createTestApp, type TestApp } from './test-app';

const echoBody = z.object({ text: z.string().max(2_000_000), count: z.number().int() });

const echoRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post('/echo', { schema: { body: echoBody } }, async (request) => {
    // A planted bug: long texts crash, so the fuzzer has something to find.
    if (request.body.text.length > 100_000) throw new Error('planted bug');
    await app.platform.db('echoes').insert({ text: request.body.text.slice(0, 50) });
    return { ok: true };
  });
  app.get('/time', async () => ({ now: app.platform.clock.now().toISOString() }));
};

const echoModule: YomanModule = {
  name: 'echo',
  migrations: [{ name: '0001-echo', up: (db) => db.schema.createTable('echoes', (t) => t.text('text')) }],
  routes: echoRoutes,
  declaredRoutes: [
    { method: 'POST', path: '/api/echo', access: 'public' },
    { method: 'GET', path: '/api/time', access: 'public' },
  ],
};

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ modules: [echoModule] });
});
afterAll(() => harness.close());

describe('createTestApp', () => {
  it('runs the module on a fresh database with a settable clock', async () => {
    harness.clock.set('2026-05-01T12:00:00Z');
    expect((await harness.app.inject({ url: '/api/time' })).json()).toEqual({
      now: '2026-05-01T12:00:00.000Z',
    });
    harness.clock.advance(60_000);
    expect((await harness.app.inject({ url: '/api/time' })).json()).toEqual({
      now: '2026-05-01T12:01:00.000Z',
    });
  });

  it('empties every table on reset but keeps the migrations', async () => {
    await harness.app.inject({ method: 'POST', url: '/api/echo', payload: { text: 'hi', count: 1 } });
    await harness.platform.eventStore.append('s-1', 's', 'no_stream', [{ type: 'x.v1', data: {} }]);
    await harness.reset();
    expect(await harness.platform.db('echoes').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await harness.platform.eventStore.headPosition()).toBe(0);
    expect(await harness.platform.db('knex_migrations').count({ n: '*' })).toEqual([
      { n: platformModule.migrations.length + 1 },
    ]);
    const again = await harness.platform.eventStore.append('s-1', 's', 'no_stream', [
      { type: 'x.v1', data: {} },
    ]);
    expect(again.lastPosition).toBe(1);
  });
});

describe('fuzzRoute', () => {
  it('finds a request that makes a route answer 5xx', async () => {
    await expect(
      fuzzRoute(harness.app, {
        method: 'POST',
        url: '/api/echo',
        bodySchema: echoBody,
        numRuns: 300,
        seed: 42,
      }),
    ).rejects.toThrow(/answered 500/);
  });
});
