/** A USD/ILS representative rate: ILS per 1 USD on a date (yyyy-MM-dd), with where it came from. */
export interface UsdIlsRate {
  date: string;
  rate: string;
  source: string;
}

/** A published rate of one currency: ILS per 1 unit (JPY's per-100 quote already divided), on a date. */
export interface CurrencyRate {
  date: string;
  /** ISO 4217 code, upper case (USD, EUR, GBP, JPY…). */
  currency: string;
  ilsPerUnit: string;
  source: string;
}

/** An online source of ILS rates (the Bank of Israel, or a fake in tests). */
export interface RateProvider {
  name: string;
  /** Every currency's rate the source publishes now, USD included; throws when the source cannot be read. */
  fetchRates(): Promise<CurrencyRate[]>;
}
