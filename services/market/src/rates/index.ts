export { createBankOfIsraelProvider, currencyRatesOf, usdRatesOf } from './bank-of-israel';
export { fxRatesMigration, storeCurrencyRates } from './fx-rate-table';
export { storeRates, usdIlsRatesMigration } from './rate-table';
export { ratesServiceFor } from './rates-for-platform';
export { publishUnpublishedRates, ratesPublishedMigration } from './rates-publication';
export { createRatesService, type RatesService, type RatesServiceOptions } from './rates-service';
export { REFRESH_RATES_JOB, refreshRatesJob, refreshRatesSchedule } from './refresh-rates-job';
export type {
  CurrencyRate,
  RateProvider,
  UsdIlsRate,
} from './usd-ils-rate';
