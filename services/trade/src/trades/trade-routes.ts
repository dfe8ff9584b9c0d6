import { randomUUID } from 'node:crypto';
import {
  encodeTradesCursor,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaders,
  IdParams,
  NEXT_CURSOR_HEADER,
  Trade,
  TradeDeleted,
  TradeListPage,
  TradeSaveBody,
  TradesQuery,
} from '@yoman/contracts';
import {
  type Caller,
  ConcurrencyError,
  type Platform,
  requestDigestOf,
  requireCaller,
  userScope,
} from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quoteRateOf } from '../calculation/quote-rate';
import { ownScreenshot } from '../screenshots/screenshot-store';
import { namedSetupOf } from '../setups/setup-commands';
import type { TradeModuleDeps } from '../trade-module-deps';
import { checkTradeTimes } from './decider';
import { tradeAnswerOf } from './trade-answer';
import { keyedTradeId, lockJobId, lockJobsOf, runTradeCommand, tradeLoggedBefore } from './trade-commands';
import { rateDayOf, tradeFiguresOf } from './trade-figures';
import { aroundNews, listTrades, periodStartOf, type TradeListContext } from './trade-queries';

const metadataOf = (caller: Caller) => ({ userId: caller.userId, organisationId: caller.organisationId });

/** The trade's figures with the server's own calculation; its times are checked before any rate is looked up. */
async function figuresFor(platform: Platform, deps: TradeModuleDeps, caller: Caller, body: TradeSaveBody) {
  checkTradeTimes(body, platform.clock.now());
  const day = rateDayOf(body.exitTime);
  const [{ context, rate }, quoteRate] = await Promise.all([
    deps.saveInputsOf(caller, platform, day),
    quoteRateOf(body, deps.rates(platform), day),
  ]);
  return {
    context,
    figures: tradeFiguresOf(body, rate, context.timezone, quoteRate),
  };
}

/** POST/PUT/DELETE/GET /api/trades: a student's own trades, as commands on the trade stream. */
export function tradeRoutes(deps: TradeModuleDeps): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/trades',
      { schema: { headers: IdempotencyKeyHeaders, body: TradeSaveBody, response: { 201: Trade } } },
      async (request, reply) => {
        const caller = requireCaller(request);
        const { platform } = app;
        const { context, figures } = await figuresFor(platform, deps, caller, request.body);
        const screenshot = await ownScreenshot(platform.db, caller, request.body.screenshotUrl);
        // With an idempotency key the trade's id comes from it: the same request sent again meets the stream
        // the first one wrote (409 from the append) and is answered that trade.
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        const tradeId = key ? keyedTradeId(caller.userId, key) : randomUUID();
        const requestSha256 = key ? requestDigestOf(request.body) : undefined;
        // The lock job is stored with the trade, or scheduled before it (BullMQ: Redis down answers 503 with
        // nothing written).
        const logged = runTradeCommand(
          platform,
          {
            type: 'LogTrade',
            data: {
              tradeId,
              userId: caller.userId,
              organisationId: caller.organisationId,
              figures,
              screenshotUrl: screenshot?.screenshotUrl ?? null,
              screenshotSha256: screenshot?.screenshotSha256 ?? null,
              policy: context.lockPolicy,
              namedSetup: await namedSetupOf(platform, caller.userId, figures.setupId),
            },
            metadata: { now: platform.clock.now() },
          },
          { ...metadataOf(caller), ...(requestSha256 && { requestSha256 }) },
          lockJobsOf,
        ).then(({ state }) => state);
        const state = await logged.catch((error: unknown) => {
          if (requestSha256 && error instanceof ConcurrencyError) {
            return tradeLoggedBefore(platform, tradeId, requestSha256);
          }
          throw error;
        });
        return reply.status(201).send(tradeAnswerOf(state));
      },
    );

    app.put(
      '/trades/:id',
      { schema: { params: IdParams, body: TradeSaveBody, response: { 200: Trade } } },
      async (request) => {
        const caller = requireCaller(request);
        const { platform } = app;
        const tradeId = request.params.id;
        const { figures } = await figuresFor(platform, deps, caller, request.body);
        const screenshot = await ownScreenshot(platform.db, caller, request.body.screenshotUrl);
        // One command: the new figures and the new screenshot are stored together or, once locked, not at all.
        const { state } = await runTradeCommand(
          platform,
          {
            type: 'EditTrade',
            data: {
              tradeId,
              userId: caller.userId,
              figures,
              screenshot,
              namedSetup: await namedSetupOf(platform, caller.userId, figures.setupId),
            },
            metadata: { now: platform.clock.now() },
          },
          metadataOf(caller),
        );
        return tradeAnswerOf(state);
      },
    );

    app.delete(
      '/trades/:id',
      { schema: { params: IdParams, response: { 200: TradeDeleted } } },
      async (request) => {
        const caller = requireCaller(request);
        const { platform } = app;
        const tradeId = request.params.id;
        await runTradeCommand(
          platform,
          {
            type: 'DeleteTrade',
            data: { tradeId, userId: caller.userId },
            metadata: { now: platform.clock.now() },
          },
          metadataOf(caller),
        );
        // The delete is committed; a lock job left behind finds a deleted trade and does nothing.
        await platform.jobs.cancel(lockJobId(tradeId)).catch((error: unknown) => {
          platform.logger.warn(
            { err: error, tradeId },
            'the lock job of a deleted trade could not be cancelled',
          );
        });
        return { id: tradeId, deleted: true as const };
      },
    );

    app.get(
      '/trades',
      { schema: { querystring: TradesQuery, response: { 200: TradeListPage } } },
      async (request, reply) => {
        const caller = requireCaller(request);
        const { platform } = app;
        const { query } = request;
        const now = platform.clock.now();
        // The caller's zone matters only to a dateRange period: every other list is one query less.
        const timezone = query.dateRange ? (await deps.tradeContextOf(caller, platform)).timezone : undefined;
        const context: TradeListContext = {
          userId: caller.userId,
          timezone,
          now,
          newsWindows: deps.newsWindows && ((range) => deps.newsWindows!(range, platform)),
        };
        const read = () => listTrades(platform.db, query, context);
        // A news filter on the economic calendar depends on more than the trades; a dateRange period is kept
        // under the instant it starts at, so the list read after midnight in the caller's zone is read anew.
        const keepable = platform.readCache && !aroundNews(query, context);
        const period =
          query.dateRange && timezone ? periodStartOf(query.dateRange, now, timezone).toISOString() : '';
        const page = keepable
          ? await platform.readCache!.read(
              [userScope(caller.userId)],
              `trades ${JSON.stringify(query)} ${period}`,
              read,
            )
          : await read();
        if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeTradesCursor(page.next));
        return page.trades;
      },
    );
  };
}
