import { Analytics, AnalyticsQuery, DashboardStats, DashboardStatsQuery } from '@yoman/contracts';
import { type Caller, organisationScope, type Platform, requireCaller, userScope } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerZoneOf, zoneAndGoalOf } from '../trade-context';
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
    ...zoneAndGoalOf(row),
    now: platform.clock.now(),
    stamps: [row.figures, row.setups, row.peers].map((stamp) => String(stamp ?? '')).join('|'),
  };
}

/** What an answer depends on besides its read model's rows: who asks, in which zone, on which day, for what. */
const keyOf = (call: string, caller: AnalyticsCaller, query: unknown) =>
  JSON.stringify([
    call,
    caller.userId,
    caller.organisationId,
    caller.timezone,
    caller.monthlyGoalR,
    todayIn(caller.now, caller.timezone),
    query,
  ]);

type Call = 'dashboard' | 'analytics';

/**
 * The caller's answer to `call`. In embedded mode it is kept in memory until a projection changes the
 * caller's rows (figures, setups, zone, goal) or, for the comparison, their organisation's; elsewhere it is
 * kept by the read model's stamps, read in one query per request.
 */
async function answerOf<Answer extends object>(
  platform: Platform,
  who: Caller,
  call: Call,
  query: object,
  compute: (caller: AnalyticsCaller) => Promise<Answer>,
  stamped: ReturnType<typeof answersCache>,
): Promise<Answer> {
  const { readCache } = platform;
  if (!readCache) {
    const caller = await analyticsCallerOf(platform, who);
    return stamped.get(`${caller.stamps}\n${keyOf(call, caller, query)}`, () => compute(caller));
  }
  const scopes = [userScope(who.userId)];
  const profile = await readCache.read(scopes, 'analytics caller', () => callerZoneOf(platform, who.userId));
  const caller = {
    ...profile,
    userId: who.userId,
    organisationId: who.organisationId,
    now: platform.clock.now(),
  };
  if (call === 'analytics' && who.organisationId) scopes.push(organisationScope(who.organisationId));
  return readCache.read(scopes, keyOf(call, caller, query), () => compute(caller));
}

/** GET /api/dashboard-stats and GET /api/analytics: the caller's own figures (rules §8), kept until they change. */
export const analyticsRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const stamped = answersCache(2_000);
  app.get(
    '/dashboard-stats',
    { schema: { querystring: DashboardStatsQuery, response: { 200: DashboardStats } } },
    async (request) =>
      answerOf(
        app.platform,
        requireCaller(request),
        'dashboard',
        request.query,
        (caller) => dashboardStatsOf(app.platform.db, caller, request.query.month),
        stamped,
      ),
  );
  app.get(
    '/analytics',
    { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } },
    async (request) =>
      answerOf(
        app.platform,
        requireCaller(request),
        'analytics',
        request.query,
        (caller) => analyticsOf(app.platform.db, caller, request.query),
        stamped,
      ),
  );
};
