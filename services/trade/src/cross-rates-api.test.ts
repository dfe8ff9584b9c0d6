// API tests of forex crosses: the quote currency's USD rate is looked up, used and named (rules §1, §6).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishRates } from './test-support/published-rates';
import { ALICE, eurusd, START, startTradeTestApp } from './test-support/trade-test-app';

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp({ environment: { FX_FALLBACK_RATES: 'GBP=1.27,JPY=0.0066' } });
});
afterAll(() => t.harness.close());
beforeEach(async () => {
  await t.harness.reset();
  t.clock.set(START);
});

/** A 1R EURGBP win: 0.0050 × 1 lot × 100,000 = 500 GBP. */
const eurgbp = {
  ...eurusd,
  symbol: 'EUR/GBP',
  entryPrice: '0.8500',
  exitPrice: '0.8550',
  stopPrice: '0.8450',
};

describe('a forex cross', () => {
  it('converts with the configured fallback rate of its quote currency and names it', async () => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, eurgbp);
    expect(response.statusCode, response.body).toBe(200);
    // 500 GBP × 1.27 = 635 USD × 3.70 = 2,349.50 ILS.
    expect(response.json()).toEqual({
      pnlUsd: '635.00',
      pnlIls: '2349.50',
      rMultiple: '1.0000',
      usdToIlsRate: '3.70',
      rateDate: '2026-03-10',
      rateSource: 'fallback',
      quoteRate: '1.27',
      quoteRateDate: null,
      quoteRateSource: 'fallback',
    });
  });

  it('prefers the stored Bank of Israel rates of the exit day over the fallback', async () => {
    await publishRates(t.harness.platform, [
      { date: '2026-03-09', currency: 'USD', ilsPerUnit: '3.65', source: 'boi' },
      { date: '2026-03-09', currency: 'GBP', ilsPerUnit: '4.745', source: 'boi' },
    ]);
    const response = await t.call('POST', '/api/calculate-trade', ALICE, {
      ...eurgbp,
      direction: 'short',
      stopPrice: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    // 4.745 ÷ 3.65 = 1.3 USD per GBP; a short loses 500 GBP = 650 USD.
    expect(response.json()).toMatchObject({
      pnlUsd: '-650.00',
      quoteRate: '1.3',
      quoteRateDate: '2026-03-09',
      quoteRateSource: 'boi',
    });
  });

  it('stores a logged cross with its P&L in USD', async () => {
    const trade = await t.logTrade(ALICE, {
      symbol: 'GBPJPY',
      entryPrice: '190.00',
      exitPrice: '190.50',
      stopPrice: '189.50',
    });
    // 0.50 × 100,000 = 50,000 JPY × 0.0066 = 330 USD.
    expect(trade).toMatchObject({ pnlUsd: '330.00', rMultiple: '1.0000' });
  });

  it('without any rate of its quote currency is refused with 422 QUOTE_RATE_UNKNOWN naming the variable', async () => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, { ...eurgbp, symbol: 'EURCHF' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'QUOTE_RATE_UNKNOWN' });
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
    expect(response.json().message).toContain('FX_FALLBACK_RATES');
  });
});
