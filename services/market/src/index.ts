import type { YomanModule } from '@yoman/platform';
import { fxRatesMigration } from './rates/fx-rate-table';
import { usdIlsRatesMigration } from './rates/rate-table';

export * from './rates/index';

/** The market module: economic calendar and FX rates; for now the stored USD/ILS and per-currency rates tables. */
export const marketModule: YomanModule = {
  name: 'market',
  migrations: [usdIlsRatesMigration, fxRatesMigration],
};
