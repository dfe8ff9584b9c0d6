import type { YomanModule } from '@yoman/platform';
import { usdIlsRatesMigration } from './rates/rate-table';

export * from './rates/index';

/** The market module: economic calendar and FX rates; for now the stored USD/ILS rates table. */
export const marketModule: YomanModule = {
  name: 'market',
  migrations: [usdIlsRatesMigration],
};
