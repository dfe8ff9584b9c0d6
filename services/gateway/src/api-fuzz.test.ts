import { type ApiRoute, declaredRoutes, type FileRoute } from '@yoman/contracts';
import { createTestApp, createTestClock, fuzzRoute } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUp, testSessionPlugin } from './identity/testing/identity-test-app';
import { modulesOf } from './registry';

// Every operation the gateway serves, found in its own OpenAPI document, so a new route is fuzzed without
// anyone remembering to add it: generated and mutated bodies and queries, 200 cases each, never a 5xx.
const RUNS = 200;
const clock = createTestClock();
let harness: Awaited<ReturnType<typeof createTestApp>>;
let headers: Record<string, string>;
let tradeId: string;

beforeAll(async () => {
  harness = await createTestApp({ modules: modulesOf(), plugins: [testSessionPlugin()], clock });
  clock.set('2026-03-10T12:00:00Z');
  await signUp(harness.app, 1);
  headers = { cookie: (await signUp(harness.app, 2)).cookie };
  const logged = await harness.app.inject({
    method: 'POST',
    url: '/api/trades',
    headers,
    payload: {
      symbol: 'EURUSD',
      assetType: 'forex',
      direction: 'short',
      entryPrice: '1.0850',
      exitPrice: '1.0820',
      stopPrice: '1.0870',
      positionSize: '0.5',
      session: 'london',
      setup: 'pullback',
      entryTime: '2026-03-10T08:00:00Z',
      exitTime: '2026-03-10T09:30:00Z',
    },
  });
  expect(logged.statusCode, logged.body).toBe(201);
  tradeId = logged.json().id;
});
afterAll(() => harness.close());

const contractRoutes: readonly (ApiRoute | FileRoute)[] = declaredRoutes;
const sampleParams = (): Record<string, string> => ({
  id: tradeId,
  date: '2026-03-10',
  token: 'f3c1b5e2-6a4d-4e8b-9c0a-1d2e3f4a5b6c',
  name: 'f3c1b5e2-6a4d-4e8b-9c0a-1d2e3f4a5b6c.png',
});

describe('fuzzing every /api operation the gateway serves', () => {
  it('serves only operations declared in the contracts route table', async () => {
    const document = (await harness.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) {
        const declared = contractRoutes.some(
          (route) => route.path === path && route.method === method.toUpperCase(),
        );
        expect(declared, `${method} ${path}`).toBe(true);
      }
    }
  });

  it('answers no generated or mutated request with a 5xx', async () => {
    const document = (await harness.app.inject({ url: '/api/openapi.json' })).json();
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) {
        const upper = method.toUpperCase() as ApiRoute['method'];
        const route = contractRoutes.find(
          (candidate) => candidate.path === path && candidate.method === upper,
        );
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => sampleParams()[name] ?? name);
        const statuses = await fuzzRoute(harness.app, {
          method: upper,
          url,
          bodySchema: route && 'body' in route ? (route.body as z.ZodType) : undefined,
          headers,
          numRuns: RUNS,
        });
        expect(Object.values(statuses).reduce((sum, count) => sum + count, 0)).toBe(RUNS);
        operations += 1;
      }
    }
    expect(operations).toBeGreaterThanOrEqual(20);
  }, 600_000);
});
