import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config';
import type { RunningPlatform } from '../create-platform';
import { CALLER_HEADER, signCaller } from '../http/internal-caller';
import type { YomanModule } from '../module';
import { createTestPlatform, testConfig } from '../testing';
import { buildServiceProcess, createProbeApp, createServiceApp } from './service-app';

const SECRET = 'c'.repeat(64);
const pingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ping', async () => ({ pong: true }));
};
const pingModule: YomanModule = {
  name: 'ping',
  migrations: [],
  routes: pingRoutes,
  declaredRoutes: [{ method: 'GET', path: '/api/ping', access: 'signed-in' }],
};

describe('createProbeApp (projector and worker processes)', () => {
  let running: RunningPlatform;
  beforeAll(async () => {
    running = await createTestPlatform([pingModule]);
  });
  afterAll(() => running.close());

  it('answers the probes and nothing of the API', async () => {
    const app = await createProbeApp(running.platform);
    try {
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const api = await app.inject({ url: '/api/ping' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });

  it('is what createServiceApp gives the projector and worker roles, which need no secret', async () => {
    for (const role of ['projector', 'worker'] as const) {
      const app = await createServiceApp(running.platform, [pingModule], { role });
      expect((await app.inject({ url: '/api/ping' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await app.close();
    }
  });
});

describe('buildServiceProcess', () => {
  it('refuses to build an API process without INTERNAL_SECRET, naming the variable', async () => {
    const building = buildServiceProcess(testConfig(), {
      role: 'api',
      service: 'ping',
      modules: [pingModule],
    });
    await expect(building).rejects.toBeInstanceOf(ConfigError);
    await expect(building).rejects.toThrow(/^Configuration error: INTERNAL_SECRET is required/);
  });

  it('builds the all role: the modules behind the caller header, closed together with its platform', async () => {
    const service = await buildServiceProcess(testConfig({ internalSecret: SECRET }), {
      role: 'all',
      service: 'ping',
      modules: [pingModule],
      background: false,
    });
    try {
      expect((await service.app.inject({ url: '/api/ping' })).statusCode).toBe(401);
      const caller = { userId: 'u', sessionId: 's', role: 'student', organisationId: null } as const;
      const signed = signCaller(caller, SECRET, service.platform.clock.now());
      const answer = await service.app.inject({ url: '/api/ping', headers: { [CALLER_HEADER]: signed } });
      expect(answer.json()).toEqual({ pong: true });
    } finally {
      await service.close();
    }
    await expect(service.platform.db.raw('select 1')).rejects.toThrow();
  });
});
