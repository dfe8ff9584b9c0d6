import type { RunningPlatform } from '@yoman/platform';
import { createTestPlatform } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../gateway';
import { identityModule } from '../identity';

// Identity's projector and worker processes run the gateway without its API: they answer the probes only.
let running: RunningPlatform;
beforeAll(async () => {
  running = await createTestPlatform([identityModule], {
    config: { environment: { FRONT_END_DIR: '/nonexistent' } },
  });
});
afterAll(() => running.close());

describe('the gateway by role', () => {
  it('answers only the probes as a projector or a worker, even with SERVICE_URLS and no secret', async () => {
    const { config: shared } = running.platform;
    const environment = { ...shared.environment, SERVICE_URLS: 'trade=http://trade-api:3010' };
    const config = { ...shared, environment };
    for (const role of ['projector', 'worker'] as const) {
      const gateway = await buildGateway(config, { role, running });
      try {
        expect((await gateway.app.inject({ url: '/healthz' })).statusCode).toBe(200);
        expect((await gateway.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
        expect((await gateway.app.inject({ url: '/api/user' })).statusCode).toBe(404);
        expect((await gateway.app.inject({ url: '/remotes-manifest.json' })).statusCode).toBe(404);
      } finally {
        await gateway.close();
      }
    }
    // A gateway on a shared platform leaves it open for its owner.
    expect(await running.platform.db.raw('select 1')).toBeDefined();
  });

  it('serves identity, sessions and the front end as api', async () => {
    const gateway = await buildGateway(running.platform.config, { role: 'api', running });
    try {
      expect((await gateway.app.inject({ url: '/api/user' })).statusCode).toBe(401);
      expect((await gateway.app.inject({ url: '/remotes-manifest.json' })).statusCode).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
