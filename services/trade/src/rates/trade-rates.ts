import { type Platform, prepared, type ReadCache } from '@yoman/platform';
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { tradeConfig } from '../trade-config';
import type { UsdIlsRates } from '../trade-module-deps';

/**
 * The rate a calculation used. `date` is the publication date of the rate (on or before the asked date);
 * it is null only for the configured fallback, which has no date: the answer never pretends otherwise.
 */
export interface RateAnswer {
  rate: string;
  date: string | null;
  source: string;
}

/** The source name of the configured fallbacks (`USD_ILS_RATE`, `FX_FALLBACK_RATES`). */
export const FALLBACK_SOURCE = 'fallback';

interface CrossRow {
  date: string;
  currency_ils: string;
  usd_ils: string;
  source: string;
}

// Enough digits for any cross (JPY ≈ 0.0067 USD) without pretending to more precision than the bank publishes.
const SIGNIFICANT_DIGITS = 10;

/** A stored USD/ILS rate as answered (no trailing zeros), else the configured fallback, which has no date. */
export function usdIlsRateOf(stored: RateAnswer | undefined, fallbackRate: string): RateAnswer {
  if (!stored) return { rate: fallbackRate, date: null, source: FALLBACK_SOURCE };
  return { ...stored, rate: new Decimal(stored.rate).toFixed() };
}

/**
 * The latest USD/ILS rate published on or before a day (its one binding, yyyy-MM-dd), as `date`, `rate` and
 * `source`; a save reads it within a larger statement too (trades/save-inputs.ts).
 */
export const LATEST_USD_ILS_RATE_SQL = `select to_char(date, 'YYYY-MM-DD') as date,
    ils_per_unit::text as rate, source
    from trade_fx_rates where currency = 'USD' and date <= ?::date order by date desc limit 1`;

async function latestUsdIlsRate(db: Knex, date: string): Promise<RateAnswer | undefined> {
  const { rows } = await prepared(db.raw<{ rows: RateAnswer[] }>(LATEST_USD_ILS_RATE_SQL, [date]));
  return rows[0];
}

/**
 * USD per 1 unit of `currency`: its ILS rate ÷ the USD's ILS rate of the same publication day, from the latest
 * day on or before `date` on which both are known.
 */
async function latestUsdPerUnit(db: Knex, currency: string, date: string): Promise<RateAnswer | undefined> {
  const row: CrossRow | undefined = await db('trade_fx_rates as quoted')
    .join('trade_fx_rates as usd', function sameDay() {
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

export interface TradeRatesOptions {
  db: Knex;
  /** `USD_ILS_RATE`: used only when no USD rate on or before the date is known. */
  fallbackRate: string;
  /** `FX_FALLBACK_RATES`: USD per 1 unit by currency, used only when no rate of the currency is known. */
  fxFallbackRates?: Readonly<Record<string, string>>;
}

/** The trade module's rates, read from its own `trade_fx_rates`, else the configured fallbacks. */
export function createTradeRates(options: TradeRatesOptions): UsdIlsRates {
  return {
    async usdIlsRateOn(date) {
      if (!DateTime.fromISO(date).isValid) throw new Error(`not a date: ${date}`);
      return usdIlsRateOf(await latestUsdIlsRate(options.db, date), options.fallbackRate);
    },
    async usdPerUnitOn(currency, date) {
      if (!DateTime.fromISO(date).isValid) throw new Error(`not a date: ${date}`);
      const code = currency.toUpperCase();
      if (code === 'USD') return { rate: '1', date, source: 'identity' };
      const stored = await latestUsdPerUnit(options.db, code, date);
      if (stored) return stored;
      const fallback = options.fxFallbackRates?.[code];
      return fallback === undefined ? undefined : { rate: fallback, date: null, source: FALLBACK_SOURCE };
    },
  };
}

/** The read-cache scope of `trade_fx_rates`: its projection announces it with every batch that writes rates. */
export const TRADE_FX_RATES_SCOPE = 'trade-fx-rates';

/**
 * The same rates, each answer kept in the read cache until the rates projection writes again: every saved
 * trade asks for its day's rate, and the rates change once a day.
 */
export function keptRates(rates: UsdIlsRates, cache: ReadCache): UsdIlsRates {
  const scopes = [TRADE_FX_RATES_SCOPE];
  return {
    usdIlsRateOn: (date) => cache.read(scopes, `usd-ils ${date}`, () => rates.usdIlsRateOn(date)),
    async usdPerUnitOn(currency, date) {
      // Wrapped, because "no rate known" is an answer too.
      const kept = await cache.read(scopes, `usd-per-unit ${currency} ${date}`, async () => ({
        answer: await rates.usdPerUnitOn(currency, date),
      }));
      return kept.answer;
    },
  };
}

const ratesByPlatform = new WeakMap<Platform, UsdIlsRates>();

/**
 * The trade rates of one platform, with `USD_ILS_RATE` and `FX_FALLBACK_RATES` as its fallbacks; kept in the
 * platform's read cache where it has one (embedded mode).
 */
export function tradeRatesFor(platform: Platform): UsdIlsRates {
  let rates = ratesByPlatform.get(platform);
  if (!rates) {
    const settings = platform.settingsOf(tradeConfig);
    const read = createTradeRates({
      db: platform.db,
      fallbackRate: settings.USD_ILS_RATE,
      fxFallbackRates: settings.FX_FALLBACK_RATES,
    });
    rates = platform.readCache ? keptRates(read, platform.readCache) : read;
    ratesByPlatform.set(platform, rates);
  }
  return rates;
}
