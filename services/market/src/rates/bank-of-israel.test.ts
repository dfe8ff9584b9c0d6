import { describe, expect, it } from 'vitest';
import { currencyRatesOf, usdRatesOf } from './bank-of-israel';

describe('reading the Bank of Israel GetExchangeRates answer', () => {
  it('keeps the USD entry and dates it by its publication day in Israel', () => {
    const body = {
      exchangeRates: [
        {
          key: 'JPY',
          currentExchangeRate: 2.45,
          currentChange: 0,
          unit: 100,
          lastUpdate: '2026-03-10T13:20:00',
        },
        {
          key: 'USD',
          currentExchangeRate: 3.651,
          currentChange: 0.05,
          unit: 1,
          lastUpdate: '2026-03-09T23:30:00Z',
        },
      ],
    };
    // 23:30 UTC on 9 March is already 10 March in Israel.
    expect(usdRatesOf(body)).toEqual([{ date: '2026-03-10', rate: '3.651', source: 'boi' }]);
  });

  it('reads every currency as ILS per 1 unit, dividing by its unit (JPY is quoted per 100)', () => {
    const lastUpdate = '2026-03-10T13:20:00';
    const body = {
      exchangeRates: [
        { key: 'USD', currentExchangeRate: 3.651, unit: 1, lastUpdate },
        { key: 'GBP', currentExchangeRate: 4.638, unit: 1, lastUpdate },
        { key: 'JPY', currentExchangeRate: 2.45, unit: 100, lastUpdate },
      ],
    };
    expect(currencyRatesOf(body)).toEqual([
      { date: '2026-03-10', currency: 'USD', ilsPerUnit: '3.651', source: 'boi' },
      { date: '2026-03-10', currency: 'GBP', ilsPerUnit: '4.638', source: 'boi' },
      { date: '2026-03-10', currency: 'JPY', ilsPerUnit: '0.0245', source: 'boi' },
    ]);
  });

  it('refuses an answer without the exchangeRates list', () => {
    expect(() => usdRatesOf({ rates: [] })).toThrow();
  });
});
