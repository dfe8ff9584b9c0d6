import { ORGANISATION_STREAM_TYPE, USER_STREAM_TYPE } from '@yoman/contracts';
import {
  CALLER_HEADER,
  type Caller,
  createServiceApp,
  type RunningPlatform,
  signCaller,
} from '@yoman/platform';
import { createTestClock, createTestPlatform } from '@yoman/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eurusd, START } from './test-support/trade-test-app';
import { defaultTradeContext, tradeContextOfCaller } from './trade-context';
import { tradeService } from './trade-service';

const SECRET = 'd'.repeat(64);
const modules = tradeService.modules();

const alice: Caller = { userId: 'alice', sessionId: 's-alice', role: 'student', organisationId: 'org-1' };

/** Identity's events as identity appends them: the trade module learns zones and lock policies only from these. */
async function identityTells(running: RunningPlatform) {
  const { eventStore } = running.platform;
  await eventStore.append('user-alice', USER_STREAM_TYPE, 'any', [
    {
      type: 'identity.user-registered.v1',
      data: {
        userId: 'alice',
        username: 'alice',
        email: 'alice@example.com',
        displayName: 'אליס',
        role: 'student',
        organisationId: 'org-1',
        registeredAt: START,
      },
    },
    {
      type: 'identity.settings-changed.v1',
      data: {
        userId: 'alice',
        section: 'display',
        values: {
          currency: 'ILS',
          timezone: 'Europe/London',
          numberFormat: 'comma',
          rtlLayout: true,
          monthlyGoalR: 12,
        },
      },
    },
  ]);
  await eventStore.append('organisation-org-1', ORGANISATION_STREAM_TYPE, 'any', [
    {
      type: 'identity.organisation-created.v1',
      data: {
        organisationId: 'org-1',
        name: 'בית',
        tradeLockHours: 24,
        weekendLocking: true,
        createdAt: START,
      },
    },
    {
      type: 'identity.lock-policy-changed.v1',
      data: { organisationId: 'org-1', tradeLockHours: 48, weekendLocking: true, changedAt: START },
    },
  ]);
  await running.platform.projections.catchUp();
}

describe('tradeContextOfCaller: the trade module’s own read model of identity', () => {
  let running: RunningPlatform;
  beforeAll(async () => {
    running = await createTestPlatform(modules);
  });
  beforeEach(async () => {
    await running.platform.db('trade_caller_zones').delete();
    await running.platform.db('trade_lock_policies').delete();
  });
  afterAll(() => running.close());

  it('given nothing heard from identity, when asked, then the defaults of rules §2', async () => {
    expect(await tradeContextOfCaller(alice, running.platform)).toEqual(
      await defaultTradeContext(alice, running.platform),
    );
  });

  it('given identity’s events, when asked, then the user’s zone and goal and the organisation’s latest policy', async () => {
    await identityTells(running);
    expect(await tradeContextOfCaller(alice, running.platform)).toEqual({
      timezone: 'Europe/London',
      lockPolicy: { tradeLockHours: 48, weekendLocking: true, timezone: 'Asia/Jerusalem' },
      monthlyGoalR: 12,
    });
    // A caller of no organisation gets the default policy, whatever their zone.
    const alone = await tradeContextOfCaller({ ...alice, organisationId: null }, running.platform);
    expect(alone).toMatchObject({ timezone: 'Europe/London', lockPolicy: { tradeLockHours: 24 } });
  });

  it('given a rebuild, when replayed, then the same rows', async () => {
    await identityTells(running);
    const before = await running.platform.db('trade_lock_policies').select();
    await running.platform.projections.rebuild('trade_caller_profiles');
    expect(await running.platform.db('trade_lock_policies').select()).toEqual(before);
    expect(await running.platform.db('trade_caller_zones').select()).toEqual([
      { user_id: 'alice', timezone: 'Europe/London', monthly_goal_r: '12' },
    ]);
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
    await identityTells(running);
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

  it('logs and lists a trade for the signed caller, locking it by the policy identity announced', async () => {
    const logged = await app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: as(alice),
      payload: eurusd,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    // 48 hours from the exit time, as the organisation's changed policy says (the default would be 24).
    expect(logged.json()).toMatchObject({ lockAt: '2026-03-12T10:00:00.000Z' });
    const listed = await app.inject({ url: '/api/trades', headers: as(alice) });
    expect(listed.json()).toHaveLength(1);
    const bob = { ...alice, userId: 'bob', sessionId: 's-bob' };
    expect((await app.inject({ url: '/api/trades', headers: as(bob) })).json()).toEqual([]);
  });
});
