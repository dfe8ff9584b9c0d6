import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { latestStoredUsdPerUnit, storeCurrencyRates } from './fx-rate-table';
import { latestStoredRate, storeRates } from './rate-table';
import { FALLBACK_SOURCE, type RateAnswer, type RateProvider } from './usd-ils-rate';

/** USD/ILS and cross-currency rates per date, for the trade module (in-process) and the market routes. */
export interface RatesService {
  /** The rate of `date` (yyyy-MM-dd): latest stored on or before it, else fetched, else the configured fallback. */
  usdIlsRateOn(date: string): Promise<RateAnswer>;
  /**
   * USD per 1 unit of `currency` on `date`: from the latest stored (or fetched) day on or before it, else the
   * configured fallback; undefined when neither is known, so no rate is ever invented.
   */
  usdPerUnitOn(currency: string, date: string): Promise<RateAnswer | undefined>;
  /**
   * Fetches and stores the source's current rates now (the daily refresh job); answers how many were stored,
   * 0 when offline. Throws when the source cannot be read, so the job retries.
   */
  refreshFromSource(): Promise<number>;
  /** Stores rates given by an operator or an import, under their source name. */
  storeRates(rates: readonly { date: string; rate: string; source: string }[]): Promise<void>;
}

export interface RatesServiceOptions {
  db: Knex;
  clock: { now(): Date };
  /** `USD_ILS_RATE`: used only when no rate on or before the date is known. */
  fallbackRate: string | number;
  /** `FX_FALLBACK_RATES`: USD per 1 unit by currency, used only when no stored rate of the currency is known. */
  fxFallbackRates?: Readonly<Record<string, string>>;
  /** The online source; absent means offline (no `BOI_RATES_URL`). */
  provider?: RateProvider;
  logger?: { warn(object: object, message: string): void };
  /** The least time between two fetches, so a run of misses does not hammer the source. */
  refetchAfterMs?: number;
}

/** Builds the rates service over the `usd_ils_rates` and `fx_rates` tables. */
export function createRatesService(options: RatesServiceOptions): RatesService {
  const refetchAfterMs = options.refetchAfterMs ?? 10 * 60_000;
  let lastFetchAt: number | undefined;

  async function fetchAndStore(provider: RateProvider): Promise<number> {
    lastFetchAt = options.clock.now().getTime();
    const published = await provider.fetchRates();
    await storeCurrencyRates(options.db, published);
    await storeRates(
      options.db,
      published
        .filter((entry) => entry.currency === 'USD')
        .map(({ date, ilsPerUnit, source }) => ({ date, rate: ilsPerUnit, source })),
    );
    return published.length;
  }

  async function refreshFromProvider(provider: RateProvider): Promise<void> {
    const now = options.clock.now().getTime();
    if (lastFetchAt !== undefined && now - lastFetchAt < refetchAfterMs) return;
    try {
      await fetchAndStore(provider);
    } catch (error) {
      // An unreachable source must not fail a trade: the stored or fallback rate answers, and says so.
      options.logger?.warn({ err: error, provider: provider.name }, 'USD/ILS rate fetch failed');
    }
  }

  return {
    async usdIlsRateOn(date) {
      if (!DateTime.fromISO(date).isValid) throw new Error(`not a date: ${date}`);
      const stored = await latestStoredRate(options.db, date);
      if (stored?.date === date || (stored && !options.provider)) return stored;
      if (options.provider) {
        await refreshFromProvider(options.provider);
        const refreshed = await latestStoredRate(options.db, date);
        if (refreshed) return refreshed;
      }
      return { rate: String(options.fallbackRate), date: null, source: FALLBACK_SOURCE };
    },
    async usdPerUnitOn(currency, date) {
      if (!DateTime.fromISO(date).isValid) throw new Error(`not a date: ${date}`);
      const code = currency.toUpperCase();
      if (code === 'USD') return { rate: '1', date, source: 'identity' };
      const stored = await latestStoredUsdPerUnit(options.db, code, date);
      if (stored?.date === date || (stored && !options.provider)) return stored;
      if (options.provider) {
        await refreshFromProvider(options.provider);
        const refreshed = await latestStoredUsdPerUnit(options.db, code, date);
        if (refreshed) return refreshed;
      }
      const fallback = options.fxFallbackRates?.[code];
      return fallback === undefined ? undefined : { rate: fallback, date: null, source: FALLBACK_SOURCE };
    },
    refreshFromSource: async () => (options.provider ? fetchAndStore(options.provider) : 0),
    storeRates: (rates) => storeRates(options.db, rates),
  };
}
