import { USER_STREAM_TYPE } from '@yoman/contracts';
import type { Caller, Config } from '@yoman/platform';
import { createTestApp, createTestClock } from '@yoman/platform/testing';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTradeModule } from '../trade-module';
import type { TradeModuleDeps } from '../trade-module-deps';

// Shared by the trade module's API tests: an app with the trade module and a header-named caller.

/** The session is the gateway's; in these tests a header names the caller, so every route runs as in production. */
const callerFromHeader = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const raw = request.headers['x-test-caller'];
    if (typeof raw === 'string') request.caller = JSON.parse(raw) as Caller;
  });
});

export const student = (userId: string): Caller => ({
  userId,
  sessionId: `s-${userId}`,
  role: 'student',
  organisationId: 'org-1',
});
export const ALICE = student('alice');
export const BOB = student('bob');
export const asCaller = (caller: Caller) => ({ 'x-test-caller': JSON.stringify(caller) });

/** A 1R EURUSD win closed 2026-03-10 10:00Z, with client figures the server must ignore. */
export const eurusd = {
  symbol: 'eur/usd',
  assetType: 'forex',
  direction: 'long',
  entryPrice: '1.1000',
  exitPrice: '1.1050',
  stopPrice: '1.0950',
  positionSize: '1',
  fees: '0',
  session: 'london',
  setup: 'breakout',
  entryTime: '2026-03-10T08:00:00.000Z',
  exitTime: '2026-03-10T10:00:00.000Z',
  notes: 'כניסה על פריצה',
  pnlUsd: 999999,
  pnlIls: 1,
  rMultiple: 42,
  trustScore: 100,
};

export const START = '2026-03-10T10:30:00.000Z';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Starts the app once per test file, its trade module given `deps` in place of its own lookups; `call` and
 * `logTrade` drive it as a signed-in caller (or none).
 */
export async function startTradeTestApp(config: Partial<Config> = {}, deps: Partial<TradeModuleDeps> = {}) {
  const clock = createTestClock(START);
  const harness = await createTestApp({
    modules: [createTradeModule(deps)],
    plugins: [callerFromHeader],
    clock,
    config,
  });
  const call = (method: Method, url: string, caller: Caller | null, body?: unknown) =>
    harness.app.inject({
      method,
      url,
      headers: caller ? asCaller(caller) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const logTrade = async (caller: Caller = ALICE, change: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/trades', caller, { ...eurusd, ...change });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; [field: string]: unknown };
  };
  /** Identity's event for a user's new display settings, as identity appends it, applied before it returns. */
  const changeDisplay = async (userId: string, values: { timezone: string; monthlyGoalR: number }) => {
    await harness.platform.eventStore.append(`user-${userId}`, USER_STREAM_TYPE, 'any', [
      {
        type: 'identity.settings-changed.v1',
        data: {
          userId,
          section: 'display',
          values: { currency: 'ILS', numberFormat: 'comma', rtlLayout: true, ...values },
        },
      },
    ]);
    await harness.platform.projections.catchUp();
  };
  return { harness, clock, app: harness.app, call, logTrade, changeDisplay };
}

export type TradeTestApp = Awaited<ReturnType<typeof startTradeTestApp>>;

/**
 * A test file's app: started before its tests (the answer is filled in then), emptied and its clock set to
 * START before each test, closed after them.
 */
export function tradeTestAppPerFile(config: Partial<Config> = {}): TradeTestApp {
  const app = {} as TradeTestApp;
  beforeAll(async () => {
    Object.assign(app, await startTradeTestApp(config));
  });
  afterAll(() => app.harness?.close());
  beforeEach(async () => {
    await app.harness.reset();
    app.clock.set(START);
  });
  return app;
}
