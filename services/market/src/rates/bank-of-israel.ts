import { DateTime } from 'luxon';
import { z } from 'zod';
import type { RateProvider, UsdIlsRate } from './usd-ils-rate';

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

/** Reads the Bank of Israel representative USD rate; the publication time is read in Israel time. */
export function createBankOfIsraelProvider(options: BankOfIsraelOptions): RateProvider {
  return {
    name: 'boi',
    async fetchRates() {
      const response = await fetch(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`Bank of Israel answered ${response.status}`);
      return usdRatesOf(await response.json());
    },
  };
}

/** The USD entries of a GetExchangeRates answer as dated rates; throws on a shape it cannot read. */
export function usdRatesOf(body: unknown): UsdIlsRate[] {
  const parsed = exchangeRatesAnswer.parse(body);
  return parsed.exchangeRates
    .filter((entry) => entry.key.toUpperCase() === 'USD')
    .map((entry) => {
      const published = DateTime.fromISO(entry.lastUpdate, { zone: 'Asia/Jerusalem' }).setZone(
        'Asia/Jerusalem',
      );
      if (!published.isValid) throw new Error(`Bank of Israel lastUpdate is not a date: ${entry.lastUpdate}`);
      const perUnit = entry.currentExchangeRate / (entry.unit ?? 1);
      return { date: published.toISODate() as string, rate: String(perUnit), source: 'boi' };
    });
}
