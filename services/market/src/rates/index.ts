export { createBankOfIsraelProvider, currencyRatesOf, usdRatesOf } from './bank-of-israel';
export { fxRatesMigration, latestStoredUsdPerUnit, storeCurrencyRates } from './fx-rate-table';
export { latestStoredRate, storeRates, usdIlsRatesMigration } from './rate-table';
export { ratesServiceFor } from './rates-for-platform';
export { createRatesService, type RatesService, type RatesServiceOptions } from './rates-service';
export { REFRESH_RATES_JOB, refreshRatesJob, refreshRatesSchedule } from './refresh-rates-job';
export {
  type CurrencyRate,
  FALLBACK_SOURCE,
  type RateAnswer,
  type RateProvider,
  type UsdIlsRate,
} from './usd-ils-rate';
