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

interface RateRow {
  date: string;
  rate: string;
  source: string;
}

/** The latest stored rate published on or before `date` (yyyy-MM-dd). */
export async function latestStoredRate(db: Knex, date: string): Promise<UsdIlsRate | undefined> {
  const row: RateRow | undefined = await db('usd_ils_rates')
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') as date`), db.raw('rate::text as rate'), 'source')
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .first();
  return row && { date: row.date, rate: trimZeros(row.rate), source: row.source };
}

/** Stores rates; a rate already stored for its date is replaced by the newer reading. */
export async function storeRates(db: Knex, rates: readonly UsdIlsRate[]): Promise<void> {
  if (rates.length === 0) return;
  await db('usd_ils_rates')
    .insert(rates.map((rate) => ({ date: rate.date, rate: rate.rate, source: rate.source })))
    .onConflict('date')
    .merge(['rate', 'source', 'stored_at']);
}

// numeric(14,6) comes back as "3.712000"; the answer shows the rate as published.
function trimZeros(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
