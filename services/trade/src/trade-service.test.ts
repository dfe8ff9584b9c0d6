import { marketModule } from '@yoman/market';
import {
  CALLER_HEADER,
  type Caller,
  createServiceApp,
  type RunningPlatform,
  signCaller,
} from '@yoman/platform';
import { createTestClock, createTestPlatform } from '@yoman/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurusd, START } from './test-support/trade-test-app';
import { defaultTradeContext, tradeContextFromCaller } from './trade-context';
import { createTradeModule } from './trade-module';

const SECRET = 'd'.repeat(64);
const modules = [marketModule, createTradeModule({ tradeContextOf: tradeContextFromCaller })];

const context = {
  timezone: 'Europe/London',
  lockPolicy: { tradeLockHours: 48, weekendLocking: true, timezone: 'Asia/Jerusalem' },
};
const alice: Caller = {
  userId: 'alice',
  sessionId: 's-alice',
  role: 'student',
  organisationId: 'org-1',
  context,
};

describe('tradeContextFromCaller', () => {
  let running: RunningPlatform;
  beforeAll(async () => {
    running = await createTestPlatform([]);
  });
  afterAll(() => running.close());

  it('reads the zone and lock policy the gateway signed into the caller', async () => {
    expect(await tradeContextFromCaller(alice, running.platform)).toEqual(context);
  });

  it('falls back to the defaults when the context is absent or unreadable', async () => {
    const defaults = await defaultTradeContext(alice, running.platform);
    const { context: _none, ...plain } = alice;
    const unreadable = [
      plain,
      { ...alice, context: { timezone: 'Mars/Olympus', lockPolicy: context.lockPolicy } },
      { ...alice, context: { timezone: 'UTC', lockPolicy: { ...context.lockPolicy, tradeLockHours: '48' } } },
    ];
    for (const caller of unreadable)
      expect(await tradeContextFromCaller(caller, running.platform)).toEqual(defaults);
  });
});

describe('the trade service API process', () => {
  let running: RunningPlatform;
  let app: FastifyInstance;
  const clock = createTestClock(START);

  beforeAll(async () => {
    running = await createTestPlatform(modules, { clock, config: { internalSecret: SECRET } });
    app = await createServiceApp(running.platform, modules, { role: 'api' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await running.close();
  });

  const as = (caller: Caller) => ({ [CALLER_HEADER]: signCaller(caller, SECRET, clock.now()) });

  it('refuses every /api request that did not come through the gateway', async () => {
    const direct = await app.inject({ method: 'POST', url: '/api/trades', payload: eurusd });
    expect(direct.statusCode).toBe(401);
    expect(direct.json()).toMatchObject({ code: 'INTERNAL_CALLER_REQUIRED' });
    const impersonating = await app.inject({
      url: '/api/trades',
      headers: { 'x-test-caller': JSON.stringify(alice) },
    });
    expect(impersonating.statusCode).toBe(401);
  });

  it('logs and lists a trade for the signed caller, locking it by the context it carries', async () => {
    const logged = await app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: as(alice),
      payload: eurusd,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    // 48 hours from the exit time, as the signed lock policy says (the default would be 24).
    expect(logged.json()).toMatchObject({ lockAt: '2026-03-12T10:00:00.000Z' });
    const listed = await app.inject({ url: '/api/trades', headers: as(alice) });
    expect(listed.json()).toHaveLength(1);
    const bob = { ...alice, userId: 'bob', sessionId: 's-bob' };
    expect((await app.inject({ url: '/api/trades', headers: as(bob) })).json()).toEqual([]);
  });
});
