import { ratesServiceFor } from '@yoman/market';
import type { YomanModule } from '@yoman/platform';
import { calculateRoute } from './calculation/calculate-route';
import { dailyAggregateRoutes } from './daily-aggregates/daily-aggregate-routes';
import { dailyAggregatesProjection } from './daily-aggregates/daily-aggregates-projection';
import { tradeMigrations } from './migrations';
import { screenshotRoutes } from './screenshots/screenshot-routes';
import { defaultTradeContext } from './trade-context';
import type { TradeModuleDeps } from './trade-module-deps';
import { lockOverdueTrades, OVERDUE_LOCKS_JOB, overdueLocksSchedule } from './trades/overdue-locks';
import { LOCK_JOB, lockTradeJob } from './trades/trade-commands';
import { tradeRoutes } from './trades/trade-routes';
import { tradesProjection } from './trades/trades-projection';

/**
 * The trade module: calculation, event-sourced trades, screenshots, the `trades` and `daily_aggregates`
 * read models and the lock job. Rates default to the market module's service on the same platform; the
 * caller's time zone and lock policy default to rules §2's defaults until identity supplies them.
 */
export function createTradeModule(deps: Partial<TradeModuleDeps> = {}): YomanModule {
  const resolved: TradeModuleDeps = {
    rates: deps.rates ?? ratesServiceFor,
    tradeContextOf: deps.tradeContextOf ?? defaultTradeContext,
    newsWindows: deps.newsWindows,
  };
  return {
    name: 'trade',
    migrations: tradeMigrations,
    projections: [tradesProjection, dailyAggregatesProjection],
    jobs: {
      [LOCK_JOB]: (payload, context) => lockTradeJob(payload, context),
      [OVERDUE_LOCKS_JOB]: lockOverdueTrades,
    },
    schedules: [overdueLocksSchedule],
    routes: async (app) => {
      await app.register(calculateRoute(resolved));
      await app.register(tradeRoutes(resolved));
      await app.register(dailyAggregateRoutes);
      await app.register(screenshotRoutes);
    },
  };
}
