import { createTestApp, createTestClock } from '@yoman/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLockPolicy } from './identity';
import { logIn, signUp, testSessionPlugin } from './identity/testing/identity-test-app';
import { modulesOf } from './registry';
import { TRADE_ACROSS_MIDNIGHT } from './test-support/trade-across-midnight';

// The trade module keeps the caller's display zone and organisation lock policy from identity's events.
let harness: Awaited<ReturnType<typeof createTestApp>>;
const clock = createTestClock();
beforeAll(async () => {
  harness = await createTestApp({ modules: modulesOf(), plugins: [testSessionPlugin()], clock });
});
beforeEach(async () => {
  await harness.reset();
  clock.set('2026-01-06T12:00:00Z');
});
afterAll(() => harness.close());

const trade = TRADE_ACROSS_MIDNIGHT;

describe('the trade module inside the gateway', () => {
  it('files a trade under the day of its exit in the user’s chosen time zone', async () => {
    await signUp(harness.app, 1);
    const { cookie } = await signUp(harness.app, 2);
    const display = { currency: 'ILS', timezone: 'America/New_York', numberFormat: 'comma', rtlLayout: true };
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/user-settings',
      payload: { display },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const logged = await harness.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie },
    });
    expect(logged.statusCode, logged.body).toBe(201);

    const newYorkDay = await harness.app.inject({
      url: '/api/daily-aggregates/2026-01-05',
      headers: { cookie },
    });
    expect(newYorkDay.json()).toMatchObject({ date: '2026-01-05', totalTrades: 1 });
    const israelDay = await harness.app.inject({
      url: '/api/daily-aggregates/2026-01-06',
      headers: { cookie },
    });
    expect(israelDay.json()).toMatchObject({ totalTrades: 0 });
  });

  it('locks by the organisation’s lock window', async () => {
    const { user: mentor } = await signUp(harness.app, 1);
    expect(mentor.role).toBe('mentor');
    await changeLockPolicy(harness.platform, mentor.organisationId ?? '', {
      tradeLockHours: 48,
      weekendLocking: true,
    });
    const { cookie } = await signUp(harness.app, 2);
    // The student registered by themselves has no organisation: the default 24 hours applies.
    const logged = await harness.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(new Date(logged.json().lockAt).toISOString()).toBe('2026-01-07T03:00:00.000Z');

    // No command moves a student between organisations; the test places them there and they sign in again,
    // since a cached session keeps the organisation it was read with until a revocation.
    const organisation = await harness.platform.db('organisations').first();
    await harness.platform
      .db('users')
      .where({ role: 'student' })
      .update({ organisation_id: organisation.id });
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie: await logIn(harness.app, 2) },
    });
    expect(new Date(again.json().lockAt).toISOString()).toBe('2026-01-08T03:00:00.000Z');
  });
});
