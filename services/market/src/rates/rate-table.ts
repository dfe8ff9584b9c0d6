import type { Knex } from 'knex';
import type { UsdIlsRate } from './usd-ils-rate';

/** The stored USD/ILS rates, one per publication date. */
export const usdIlsRatesMigration = {
  name: '0400-market-usd-ils-rates',
  async up(db: Knex) {
    await db.schema.createTable('usd_ils_rates', (table) => {
      table.date('date').primary();
      table.decimal('rate', 14, 6).notNullable();
      table.text('source').notNullable();
      table.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
};

/** Stores rates; a rate already stored for its date is replaced by the newer reading, to be published again. */
export async function storeRates(db: Knex, rates: readonly UsdIlsRate[]): Promise<void> {
  if (rates.length === 0) return;
  await db('usd_ils_rates')
    .insert(rates.map((rate) => ({ date: rate.date, rate: rate.rate, source: rate.source })))
    .onConflict('date')
    .merge({
      rate: db.raw('excluded.rate'),
      source: db.raw('excluded.source'),
      stored_at: db.fn.now(),
      published_at: null,
    });
}
