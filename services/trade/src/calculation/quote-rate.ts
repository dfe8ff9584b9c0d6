import type { UsdIlsRates } from '../trade-module-deps';
import type { UsedRate } from '../trades/trade-figures';
import { readForexPair } from './symbols';

/** The quote currency of a forex cross the engine cannot convert alone (neither USD nor ILS); else undefined. */
export function crossQuoteCurrencyOf(figures: { assetType: string; symbol?: string }): string | undefined {
  if (figures.assetType !== 'forex' || figures.symbol === undefined) return undefined;
  let pair: ReturnType<typeof readForexPair>;
  try {
    pair = readForexPair(figures.symbol);
  } catch {
    // A malformed symbol needs no rate: the engine refuses it with its own INVALID_SYMBOL answer.
    return undefined;
  }
  if (pair.quote === 'USD' || pair.base === 'USD' || pair.quote === 'ILS') return undefined;
  return pair.quote;
}

/**
 * The USD rate of a cross's quote currency on `day` (rules §1, §6), looked up only for a cross; undefined when
 * the symbol is no cross or no rate is known, in which case the engine answers QUOTE_RATE_UNKNOWN.
 */
export async function quoteRateOf(
  figures: { assetType: string; symbol?: string },
  rates: UsdIlsRates,
  day: string,
): Promise<UsedRate | undefined> {
  const quote = crossQuoteCurrencyOf(figures);
  return quote === undefined ? undefined : rates.usdPerUnitOn(quote, day);
}
