import { routesOfModule } from '@yoman/contracts';
import type { YomanModule } from '@yoman/platform';
import { analyticsProjection } from './analytics/analytics-projection';
import { analyticsRoutes } from './analytics/analytics-routes';
import { calculateRoute } from './calculation/calculate-route';
import { callerProfilesProjection } from './callers/caller-profiles-projection';
import { dailyAggregateRoutes } from './daily-aggregates/daily-aggregate-routes';
import { dailyAggregatesProjection } from './daily-aggregates/daily-aggregates-projection';
import { tradeMigrations } from './migrations';
import { tradeFxRatesProjection } from './rates/trade-fx-rates-projection';
import { tradeRatesFor } from './rates/trade-rates';
import { screenshotRoutes } from './screenshots/screenshot-routes';
import { setupRoutes } from './setups/setup-routes';
import { setupsProjection } from './setups/setups-projection';
import { tradeConfig } from './trade-config';
import { tradeContextOfCaller } from './trade-context';
import type { TradeModuleDeps } from './trade-module-deps';
import { lockOverdueTrades, OVERDUE_LOCKS_JOB, overdueLocksSchedule } from './trades/overdue-locks';
import { saveInputsFrom, tradeSaveInputsOf } from './trades/save-inputs';
import { LOCK_JOB, lockTradeJob } from './trades/trade-commands';
import { tradeRoutes } from './trades/trade-routes';
import { tradesProjection } from './trades/trades-projection';

/**
 * The trade module: calculation, event-sourced trades and library setups, screenshots, the `trades`,
 * `daily_aggregates`, `trade_setups` and analytics read models and the lock job. Rates default to the module's own copy of the market's published rates (with
 * the configured fallbacks); the caller's time zone and lock policy come from its read model of identity's events.
 */
export function createTradeModule(deps: Partial<TradeModuleDeps> = {}): YomanModule {
  const rates = deps.rates ?? tradeRatesFor;
  const tradeContextOf = deps.tradeContextOf ?? tradeContextOfCaller;
  const resolved: TradeModuleDeps = {
    rates,
    tradeContextOf,
    // Read together only from the module's own tables: lookups given in their place are asked apart.
    saveInputsOf:
      deps.saveInputsOf ??
      (deps.rates || deps.tradeContextOf ? saveInputsFrom(rates, tradeContextOf) : tradeSaveInputsOf),
    newsWindows: deps.newsWindows,
  };
  return {
    name: 'trade',
    migrations: tradeMigrations,
    projections: [
      tradesProjection,
      dailyAggregatesProjection,
      callerProfilesProjection,
      tradeFxRatesProjection,
      setupsProjection,
      analyticsProjection,
    ],
    jobs: {
      [LOCK_JOB]: (payload, context) => lockTradeJob(payload, context),
      [OVERDUE_LOCKS_JOB]: lockOverdueTrades,
    },
    schedules: [overdueLocksSchedule],
    declaredRoutes: routesOfModule('trade'),
    config: tradeConfig,
    routes: async (app) => {
      await app.register(calculateRoute(resolved));
      await app.register(tradeRoutes(resolved));
      await app.register(dailyAggregateRoutes);
      await app.register(screenshotRoutes);
      await app.register(setupRoutes);
      await app.register(analyticsRoutes);
    },
  };
}
