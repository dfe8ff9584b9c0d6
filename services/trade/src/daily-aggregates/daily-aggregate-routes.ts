import {
  DailyAggregate,
  DailyAggregateList,
  DailyAggregateParams,
  DailyAggregatesQuery,
} from '@yoman/contracts';
import { requireCaller, userScope } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findDailyAggregate, listDailyAggregates } from './daily-aggregate-queries';

/** GET /api/daily-aggregates/{date} and ?year&month: the caller's own days (months kept in embedded mode). */
export const dailyAggregateRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/daily-aggregates/:date',
    { schema: { params: DailyAggregateParams, response: { 200: DailyAggregate } } },
    async (request) => {
      const { userId } = requireCaller(request);
      const { date } = request.params;
      const read = () => findDailyAggregate(app.platform.db, userId, date);
      const { readCache } = app.platform;
      return readCache ? readCache.read([userScope(userId)], `daily-aggregate ${date}`, read) : read();
    },
  );
  app.get(
    '/daily-aggregates',
    { schema: { querystring: DailyAggregatesQuery, response: { 200: DailyAggregateList } } },
    async (request) => {
      const { userId } = requireCaller(request);
      const { year, month } = request.query;
      const read = () => listDailyAggregates(app.platform.db, userId, year, month);
      const { readCache } = app.platform;
      return readCache
        ? readCache.read([userScope(userId)], `daily-aggregates ${year}-${month}`, read)
        : read();
    },
  );
};
