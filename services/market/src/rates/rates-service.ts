import type { Knex } from 'knex';
import { storeCurrencyRates } from './fx-rate-table';
import { storeRates } from './rate-table';
import type { RateProvider } from './usd-ils-rate';

/**
 * Stores the rates the market learns (the daily fetch, an operator's import) and publishes them, so a module
 * that needs rates keeps its own copy from `market.rates-published.v1` instead of reading these tables.
 */
export interface RatesService {
  /**
   * Fetches, stores and publishes the source's current rates now (the daily refresh job); answers how many
   * were fetched, 0 when offline. Throws when the source cannot be read, so the job retries.
   */
  refreshFromSource(): Promise<number>;
  /** Stores and publishes USD/ILS rates given by an operator or an import, under their source name. */
  storeRates(rates: readonly { date: string; rate: string; source: string }[]): Promise<void>;
}

export interface RatesServiceOptions {
  db: Knex;
  /** The online source; absent means offline (no `BOI_RATES_URL`). */
  provider?: RateProvider;
  /** Publishes what is stored and not yet published (`publishUnpublishedRates` on a platform). */
  publish: () => Promise<unknown>;
}

/** Builds the rates service over the `usd_ils_rates` and `fx_rates` tables. */
export function createRatesService(options: RatesServiceOptions): RatesService {
  return {
    async refreshFromSource() {
      if (!options.provider) return 0;
      const fetched = await options.provider.fetchRates();
      await storeCurrencyRates(options.db, fetched);
      await storeRates(
        options.db,
        fetched
          .filter((entry) => entry.currency === 'USD')
          .map(({ date, ilsPerUnit, source }) => ({ date, rate: ilsPerUnit, source })),
      );
      await options.publish();
      return fetched.length;
    },
    async storeRates(rates) {
      await storeRates(options.db, rates);
      await options.publish();
    },
  };
}
