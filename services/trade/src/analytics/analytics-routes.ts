import {
  Analytics,
  AnalyticsQuery,
  DashboardStats,
  DashboardStatsQuery,
  DEFAULT_MONTHLY_GOAL_R,
} from '@yoman/contracts';
import { type Caller, type Platform, requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LOCK_POLICY } from '../trades/lock-window';
import { type AnalyticsCaller, analyticsOf, dashboardStatsOf } from './analytics-queries';
import { answersCache } from './answers-cache';
import { todayIn } from './periods';

/**
 * The caller's zone and goal, and the stamps of what their answers are computed from (their figures, their
 * setups, their organisation's figures for the comparison), in one read.
 */
async function analyticsCallerOf(
  platform: Platform,
  caller: Caller,
): Promise<AnalyticsCaller & { stamps: string }> {
  const { rows } = await platform.db.raw<{ rows: Record<string, unknown>[] }>(
    `select z.timezone, z.monthly_goal_r,
       (select stamp from trade_analytics_stamps where user_id = ?) as figures,
       (select stamp from trade_setup_stamps where user_id = ?) as setups,
       (select string_agg(s.stamp::text, ',' order by s.user_id) from trade_analytics_stamps s
          join trade_analytics_members m on m.user_id = s.user_id where m.organisation_id = ?) as peers
     from (select 1) as one left join trade_caller_zones z on z.user_id = ?`,
    [caller.userId, caller.userId, caller.organisationId ?? '', caller.userId],
  );
  const row = rows[0] ?? {};
  return {
    userId: caller.userId,
    organisationId: caller.organisationId,
    timezone: typeof row.timezone === 'string' ? row.timezone : DEFAULT_LOCK_POLICY.timezone,
    monthlyGoalR: row.monthly_goal_r == null ? DEFAULT_MONTHLY_GOAL_R : Number(row.monthly_goal_r),
    now: platform.clock.now(),
    stamps: [row.figures, row.setups, row.peers].map((stamp) => String(stamp ?? '')).join('|'),
  };
}

/** What an answer depends on besides the read model's stamps: who asks, in which zone, on which day, for what. */
const keyOf = (call: string, caller: AnalyticsCaller & { stamps: string }, query: unknown) =>
  JSON.stringify([
    call,
    caller.userId,
    caller.organisationId,
    caller.timezone,
    caller.monthlyGoalR,
    todayIn(caller.now, caller.timezone),
    caller.stamps,
    query,
  ]);

/**
 * GET /api/dashboard-stats and GET /api/analytics: the caller's own figures (rules §8). An answer is kept until
 * the caller's figures, setups, organisation, zone, goal or day change (the stamps say so), so asking again
 * costs one read.
 */
export const analyticsRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const answers = answersCache(2_000);
  app.get(
    '/dashboard-stats',
    { schema: { querystring: DashboardStatsQuery, response: { 200: DashboardStats } } },
    async (request) => {
      const caller = await analyticsCallerOf(app.platform, requireCaller(request));
      return answers.get(keyOf('dashboard', caller, request.query), () =>
        dashboardStatsOf(app.platform.db, caller, request.query.month),
      );
    },
  );
  app.get(
    '/analytics',
    { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } },
    async (request) => {
      const caller = await analyticsCallerOf(app.platform, requireCaller(request));
      return answers.get(keyOf('analytics', caller, request.query), () =>
        analyticsOf(app.platform.db, caller, request.query),
      );
    },
  );
};
