import { CalculateTradeBody, TradeCalculation } from '@yoman/contracts';
import { requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answeringErrors } from '../http-errors';
import type { TradeModuleDeps } from '../trade-module-deps';
import { rateDayOf } from '../trades/trade-figures';
import { calculateTrade } from './calculate-trade';

/** POST /api/calculate-trade: P&L, R and the USD/ILS rate of the exit date (today when no exit time is sent). */
export function calculateRoute(deps: TradeModuleDeps): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/calculate-trade',
      { schema: { body: CalculateTradeBody, response: { 200: TradeCalculation } } },
      async (request) => {
        requireCaller(request);
        const { platform } = app;
        const rateDay = rateDayOf(request.body.exitTime ?? platform.clock.now());
        const rate = await deps.rates(platform).usdIlsRateOn(rateDay);
        const result = answeringErrors(() => calculateTrade(request.body, { usdToIls: rate.rate }));
        return {
          pnlUsd: result.pnlUsd.toFixed(2),
          pnlIls: result.pnlIls.toFixed(2),
          rMultiple: result.rMultiple === null ? null : result.rMultiple.toFixed(4),
          usdToIlsRate: rate.rate,
          // The contract's rateDate is a day; the fallback rate has none, so it answers for the asked day.
          rateDate: rate.date ?? rateDay,
          rateSource: rate.source,
        };
      },
    );
  };
}
