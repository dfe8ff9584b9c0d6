import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradeTestApp } from './test-support/trade-test-app';
import type { TradeModuleDeps } from './trade-module-deps';

// A save reads its context and its day's rate together from the module's own tables (trades/save-inputs.ts);
// a module given lookups of its own must still use them for every save.

const given: Partial<TradeModuleDeps> = {
  rates: () => ({
    usdIlsRateOn: async (date) => ({ rate: '5', date, source: 'given' }),
    usdPerUnitOn: async () => undefined,
  }),
  tradeContextOf: async () => ({
    timezone: 'Asia/Jerusalem',
    monthlyGoalR: 10,
    lockPolicy: { tradeLockHours: 72, weekendLocking: false, timezone: 'Asia/Jerusalem' },
  }),
};

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp({}, given);
});
afterAll(() => t.harness.close());

describe('the trade module given lookups of its own', () => {
  it('given its own rates and context, then a save takes its rate and its lock window from them', async () => {
    const trade = await t.logTrade();

    expect(trade.pnlUsd).toBe('500.00');
    expect(trade.pnlIls).toBe('2500.00');
    expect(trade.lockAt).toBe('2026-03-13T10:00:00.000Z');
  });
});
