import {
  MARKET_RATES_STREAM_TYPE,
  MAX_RATES_PER_EVENT,
  type MarketEvent,
  marketRatesStreamId,
  type PublishedRate,
} from '@yoman/contracts';
import type { Migration, Platform } from '@yoman/platform';
import type { Knex } from 'knex';

/** Which stored rates the market has published: a rate stored or replaced since is published again. */
export const ratesPublishedMigration: Migration = {
  name: '0402-market-rates-published',
  async up(db) {
    for (const table of ['usd_ils_rates', 'fx_rates']) {
      await db.schema.alterTable(table, (columns) => {
        columns.timestamp('published_at', { useTz: true });
      });
    }
  },
};

/** Marks every unpublished rate published and answers them: one statement per table, so none slips between. */
async function takeUnpublishedRates(trx: Knex.Transaction, publishedAt: string): Promise<PublishedRate[]> {
  const fx = await trx.raw<{ rows: PublishedRate[] }>(
    `update fx_rates set published_at = ? where published_at is null
     returning to_char(date, 'YYYY-MM-DD') as date, currency, ils_per_unit::text as "ilsPerUnit", source`,
    [publishedAt],
  );
  // numeric(14,6) reads "3.712000": published as the bank wrote it.
  const usd = await trx.raw<{ rows: PublishedRate[] }>(
    `update usd_ils_rates set published_at = ? where published_at is null
     returning to_char(date, 'YYYY-MM-DD') as date, 'USD' as currency, trim_scale(rate)::text as "ilsPerUnit", source`,
    [publishedAt],
  );
  // A USD rate stored in both tables is one rate; the per-currency table's reading wins.
  const byKey = new Map([...usd.rows, ...fx.rows].map((rate) => [`${rate.date} ${rate.currency}`, rate]));
  return [...byKey.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
  );
}

/**
 * Publishes every stored rate not yet published as `market.rates-published.v1` on the day's stream
 * (`rates-<yyyy-MM-dd>`), marking them published in the same transaction, and answers once the read models of
 * this process show them. Idempotent: a second call finds nothing to publish.
 */
export async function publishUnpublishedRates(platform: Platform): Promise<number> {
  const publishedAt = platform.clock.now().toISOString();
  const { count, position } = await platform.db.transaction(async (trx) => {
    const rates = await takeUnpublishedRates(trx, publishedAt);
    let last = 0;
    for (let start = 0; start < rates.length; start += MAX_RATES_PER_EVENT) {
      const event: MarketEvent = {
        type: 'market.rates-published.v1',
        data: { rates: rates.slice(start, start + MAX_RATES_PER_EVENT), publishedAt },
      };
      const appended = await platform.eventStore.append(
        marketRatesStreamId(publishedAt.slice(0, 10)),
        MARKET_RATES_STREAM_TYPE,
        'any',
        [event],
        trx,
      );
      last = appended.lastPosition;
    }
    return { count: rates.length, position: last };
  });
  if (count > 0) await platform.projections.waitFor(position);
  return count;
}
