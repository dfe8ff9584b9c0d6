/** A USD/ILS representative rate: ILS per 1 USD on a date (yyyy-MM-dd), with where it came from. */
export interface UsdIlsRate {
  date: string;
  rate: string;
  source: string;
}

/**
 * The rate a calculation used. `date` is the publication date of the rate (on or before the asked date);
 * it is null only for the configured fallback, which has no date: the answer never pretends otherwise.
 */
export interface RateAnswer {
  rate: string;
  date: string | null;
  source: string;
}

/** An online source of USD/ILS rates (the Bank of Israel, or a fake in tests). */
export interface RateProvider {
  name: string;
  /** The rates the source publishes now, newest included; throws when the source cannot be read. */
  fetchRates(): Promise<UsdIlsRate[]>;
}

/** The source name of the configured fallback rate (`USD_ILS_RATE`). */
export const FALLBACK_SOURCE = 'fallback';
