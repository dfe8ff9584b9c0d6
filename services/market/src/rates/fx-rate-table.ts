import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { CurrencyRate, RateAnswer } from './usd-ils-rate';

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

/** Stores currency rates; a rate already stored for its date and currency is replaced by the newer reading. */
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
    .merge(['ils_per_unit', 'source', 'stored_at']);
}

interface CrossRow {
  date: string;
  currency_ils: string;
  usd_ils: string;
  source: string;
}

// Enough digits for any cross (JPY ≈ 0.0067 USD) without pretending to more precision than the bank publishes.
const SIGNIFICANT_DIGITS = 10;

/**
 * USD per 1 unit of `currency`: its ILS rate ÷ the USD's ILS rate of the same publication day, from the latest
 * day on or before `date` on which both are stored.
 */
export async function latestStoredUsdPerUnit(
  db: Knex,
  currency: string,
  date: string,
): Promise<RateAnswer | undefined> {
  const row: CrossRow | undefined = await db('fx_rates as quoted')
    .join('fx_rates as usd', function sameDay() {
      this.on('usd.date', '=', 'quoted.date').andOn('usd.currency', '=', db.raw('?', ['USD']));
    })
    .select(
      db.raw(`to_char(quoted.date, 'YYYY-MM-DD') as date`),
      db.raw('quoted.ils_per_unit::text as currency_ils'),
      db.raw('usd.ils_per_unit::text as usd_ils'),
      'quoted.source',
    )
    .where('quoted.currency', currency)
    .andWhere('quoted.date', '<=', date)
    .orderBy('quoted.date', 'desc')
    .first();
  if (!row) return undefined;
  const rate = new Decimal(row.currency_ils).div(row.usd_ils).toSignificantDigits(SIGNIFICANT_DIGITS);
  return { rate: rate.toFixed(), date: row.date, source: row.source };
}
