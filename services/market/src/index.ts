import { routesOfModule } from '@yoman/contracts';
import type { RecurringJobRequest, YomanModule } from '@yoman/platform';
import { marketConfig } from './market-config';
import { fxRatesMigration } from './rates/fx-rate-table';
import { PUBLISH_RATES_JOB, publishRatesJob, publishRatesSchedule } from './rates/publish-rates-job';
import { usdIlsRatesMigration } from './rates/rate-table';
import { ratesPublishedMigration } from './rates/rates-publication';
import { REFRESH_RATES_JOB, refreshRatesJob, refreshRatesSchedule } from './rates/refresh-rates-job';

export { type MarketSettings, marketConfig } from './market-config';
export * from './rates/index';

/**
 * The market module: economic calendar and FX rates; for now the stored USD/ILS and per-currency rates, which it
 * publishes as `market.rates-published.v1` for the modules that need them.
 */
export const marketModule: YomanModule = {
  name: 'market',
  migrations: [usdIlsRatesMigration, fxRatesMigration, ratesPublishedMigration],
  jobs: { [REFRESH_RATES_JOB]: refreshRatesJob, [PUBLISH_RATES_JOB]: publishRatesJob },
  schedules: [refreshRatesSchedule, publishRatesSchedule],
  declaredRoutes: routesOfModule('market'),
  config: marketConfig,
};

/** The market module's recurring work, registered with `platform.jobs.every` when the platform starts. */
export const marketSchedules: readonly RecurringJobRequest[] = [refreshRatesSchedule, publishRatesSchedule];
export { marketService } from './market-service';
