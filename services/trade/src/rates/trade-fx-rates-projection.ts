import { type PublishedRate, parseMarketEvent } from '@yoman/contracts';
import {
  type Migration,
  type Projection,
  type RecordedEvent,
  readModelChanged,
  UnreadableEventError,
} from '@yoman/platform';
import type { Knex } from 'knex';
import { TRADE_FX_RATES_SCOPE } from './trade-rates';

/**
 * The rates the trade module converts with, fed by `market.rates-published.v1` (never by reading the market's
 * tables): ILS per 1 unit of each currency on each publication date.
 */
export const tradeFxRatesMigration: Migration = {
  name: '0304-trade-fx-rates',
  async up(db) {
    await db.schema.createTable('trade_fx_rates', (table) => {
      table.date('date').notNullable();
      table.text('currency').notNullable();
      // Unconstrained numeric: JPY per unit (0.0245) and the like keep every published digit.
      table.specificType('ils_per_unit', 'numeric').notNullable();
      table.text('source').notNullable();
      table.timestamp('published_at', { useTz: true }).notNullable();
      table.primary(['date', 'currency']);
    });
  },
};

/** One row per date and currency, the last of the event's readings of it (a batch may not name a row twice). */
function rowsOf(rates: readonly PublishedRate[], publishedAt: string) {
  const byKey = new Map(rates.map((rate) => [`${rate.date} ${rate.currency}`, rate]));
  return [...byKey.values()].map((rate) => ({
    date: rate.date,
    currency: rate.currency,
    ils_per_unit: rate.ilsPerUnit,
    source: rate.source,
    published_at: publishedAt,
  }));
}

/**
 * Upserts each published rate. Publications are streams per day, so a rate published again on a later day may
 * arrive first: a row is only replaced by a publication at least as recent, and any order comes out the same.
 */
export const tradeFxRatesProjection: Projection = {
  name: 'trade_fx_rates',
  handles: ['market.rates-published.v1'],
  async apply(event: RecordedEvent, trx: Knex.Transaction) {
    const parsed = parseMarketEvent(event);
    if (!parsed) throw new UnreadableEventError(event);
    if (parsed.type !== 'market.rates-published.v1') return;
    await trx('trade_fx_rates')
      .insert(rowsOf(parsed.data.rates, parsed.data.publishedAt))
      .onConflict(['date', 'currency'])
      .merge()
      .where('trade_fx_rates.published_at', '<=', trx.raw('excluded.published_at'));
    readModelChanged(trx, [TRADE_FX_RATES_SCOPE]);
  },
  async reset(trx) {
    await trx('trade_fx_rates').delete();
  },
};
