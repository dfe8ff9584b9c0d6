import type { Platform } from '@yoman/platform';
import type { TradeContextOf } from './trade-context';
import type { SaveInputsOf } from './trades/save-inputs';

/** The rate lookups of a calculation (by default the module's copy of the market's published rates). */
export interface UsdIlsRates {
  usdIlsRateOn(date: string): Promise<{ rate: string; date: string | null; source: string }>;
  /** USD per 1 unit of `currency` on `date`, for forex crosses; undefined when no rate is known. */
  usdPerUnitOn(
    currency: string,
    date: string,
  ): Promise<{ rate: string; date: string | null; source: string } | undefined>;
}

/** What the trade module needs from the rest of Yoman, resolved per platform (the gateway's or a service's). */
export interface TradeModuleDeps {
  rates: (platform: Platform) => UsdIlsRates;
  tradeContextOf: TradeContextOf;
  /** The context and the day's USD/ILS rate every save reads; by default together (trades/save-inputs.ts). */
  saveInputsOf: SaveInputsOf;
  /** High-impact economic event windows for the trades list's `news` filter; absent: the 'news' setup is used. */
  newsWindows?: (
    range: { from: Date; to: Date },
    platform: Platform,
  ) => Promise<{ start: Date; end: Date }[]>;
}
