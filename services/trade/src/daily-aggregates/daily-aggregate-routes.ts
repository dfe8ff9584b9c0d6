import {
  DailyAggregate,
  DailyAggregateList,
  DailyAggregateParams,
  DailyAggregatesQuery,
} from '@yoman/contracts';
import { requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findDailyAggregate, listDailyAggregates } from './daily-aggregate-queries';
import { createMonthCache, monthsCacheable } from './month-cache';

/** GET /api/daily-aggregates/{date} and ?year&month: the caller's own days (months cached, see month-cache.ts). */
export const dailyAggregateRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/daily-aggregates/:date',
    { schema: { params: DailyAggregateParams, response: { 200: DailyAggregate } } },
    async (request) => {
      const caller = requireCaller(request);
      return findDailyAggregate(app.platform.db, caller.userId, request.params.date);
    },
  );
  const cache = monthsCacheable(app.platform) ? createMonthCache() : undefined;
  if (cache) app.addHook('onClose', async () => cache.close());
  app.get(
    '/daily-aggregates',
    { schema: { querystring: DailyAggregatesQuery, response: { 200: DailyAggregateList } } },
    async (request) => {
      const { userId } = requireCaller(request);
      const { year, month } = request.query;
      const read = () => listDailyAggregates(app.platform.db, userId, year, month);
      return cache ? cache.month(userId, `${year}-${month}`, read) : read();
    },
  );
};
