import Decimal from 'decimal.js';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { CurrencyRate, RateProvider, UsdIlsRate } from './usd-ils-rate';

// The public JSON of boi.org.il/PublicApi/GetExchangeRates (domain/facts.md); unknown fields are ignored.
const exchangeRatesAnswer = z.object({
  exchangeRates: z.array(
    z.object({
      key: z.string(),
      currentExchangeRate: z.number().positive(),
      unit: z.number().positive().optional(),
      lastUpdate: z.string(),
    }),
  ),
});

export interface BankOfIsraelOptions {
  /** The GetExchangeRates endpoint (`BOI_RATES_URL`). */
  url: string;
  timeoutMs?: number;
}

/** Reads the Bank of Israel representative rates of every currency; the publication time is read in Israel time. */
export function createBankOfIsraelProvider(options: BankOfIsraelOptions): RateProvider {
  return {
    name: 'boi',
    async fetchRates() {
      const response = await fetch(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`Bank of Israel answered ${response.status}`);
      return currencyRatesOf(await response.json());
    },
  };
}

/** The USD entries of a GetExchangeRates answer as dated USD/ILS rates; throws on a shape it cannot read. */
export function usdRatesOf(body: unknown): UsdIlsRate[] {
  return currencyRatesOf(body)
    .filter((entry) => entry.currency === 'USD')
    .map(({ date, ilsPerUnit, source }) => ({ date, rate: ilsPerUnit, source }));
}

/** Every entry of a GetExchangeRates answer as ILS per 1 unit, dated; throws on a shape it cannot read. */
export function currencyRatesOf(body: unknown): CurrencyRate[] {
  const parsed = exchangeRatesAnswer.parse(body);
  return parsed.exchangeRates.map((entry) => {
    const published = DateTime.fromISO(entry.lastUpdate, { zone: 'Asia/Jerusalem' }).setZone(
      'Asia/Jerusalem',
    );
    if (!published.isValid) throw new Error(`Bank of Israel lastUpdate is not a date: ${entry.lastUpdate}`);
    // JPY is quoted per 100 units: the stored rate is always per 1 unit.
    const perUnit = new Decimal(entry.currentExchangeRate).div(entry.unit ?? 1);
    return {
      date: published.toISODate() as string,
      currency: entry.key.toUpperCase(),
      ilsPerUnit: perUnit.toFixed(),
      source: 'boi',
    };
  });
}
