import { Analytics, AnalyticsQuery, DashboardStats, DashboardStatsQuery } from '@yoman/contracts';
import { type Caller, type Platform, requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TradeModuleDeps } from '../trade-module-deps';
import { type AnalyticsCaller, analyticsOf, dashboardStatsOf } from './analytics-queries';

async function analyticsCallerOf(
  platform: Platform,
  deps: TradeModuleDeps,
  caller: Caller,
): Promise<AnalyticsCaller> {
  const context = await deps.tradeContextOf(caller, platform);
  return {
    userId: caller.userId,
    organisationId: caller.organisationId,
    timezone: context.timezone,
    monthlyGoalR: context.monthlyGoalR,
    now: platform.clock.now(),
  };
}

/** GET /api/dashboard-stats and GET /api/analytics: the caller's own figures (rules §8). */
export function analyticsRoutes(deps: TradeModuleDeps): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/dashboard-stats',
      { schema: { querystring: DashboardStatsQuery, response: { 200: DashboardStats } } },
      async (request) => {
        const caller = await analyticsCallerOf(app.platform, deps, requireCaller(request));
        return dashboardStatsOf(app.platform.db, caller, request.query.month);
      },
    );
    app.get(
      '/analytics',
      { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } },
      async (request) => {
        const caller = await analyticsCallerOf(app.platform, deps, requireCaller(request));
        return analyticsOf(app.platform.db, caller, request.query);
      },
    );
  };
}
