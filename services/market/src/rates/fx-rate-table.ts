import type { Knex } from 'knex';
import type { CurrencyRate } from './usd-ils-rate';

/** The stored rates of every published currency, ILS per 1 unit, one per currency and publication date. */
export const fxRatesMigration = {
  name: '0401-market-fx-rates',
  async up(db: Knex) {
    await db.schema.createTable('fx_rates', (table) => {
      table.date('date').notNullable();
      table.text('currency').notNullable();
      // Unconstrained numeric: JPY per unit (0.0245) and the like keep every published digit.
      table.specificType('ils_per_unit', 'numeric').notNullable();
      table.text('source').notNullable();
      table.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.primary(['date', 'currency']);
    });
  },
};

/** Stores currency rates; one already stored for its date and currency is replaced, to be published again. */
export async function storeCurrencyRates(db: Knex, rates: readonly CurrencyRate[]): Promise<void> {
  if (rates.length === 0) return;
  await db('fx_rates')
    .insert(
      rates.map((rate) => ({
        date: rate.date,
        currency: rate.currency,
        ils_per_unit: rate.ilsPerUnit,
        source: rate.source,
      })),
    )
    .onConflict(['date', 'currency'])
    .merge({
      ils_per_unit: db.raw('excluded.ils_per_unit'),
      source: db.raw('excluded.source'),
      stored_at: db.fn.now(),
      published_at: null,
    });
}
