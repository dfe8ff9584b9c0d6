import { CalculateTradeBody, TradeCalculation } from '@yoman/contracts';
import { requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TradeModuleDeps } from '../trade-module-deps';
import { rateDayOf } from '../trades/trade-figures';
import { calculateTrade } from './calculate-trade';
import { quoteRateOf } from './quote-rate';

/**
 * POST /api/calculate-trade: P&L, R and the USD/ILS rate of the exit date (today when no exit time is sent);
 * a forex cross also names the USD rate of its quote currency.
 */
export function calculateRoute(deps: TradeModuleDeps): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/calculate-trade',
      { schema: { body: CalculateTradeBody, response: { 200: TradeCalculation } } },
      async (request) => {
        requireCaller(request);
        const { platform } = app;
        // No rate is published ahead of today, so a later exit takes today's: the same rate, on any calendar.
        const now = platform.clock.now();
        const exit = request.body.exitTime ? new Date(request.body.exitTime) : now;
        const rateDay = rateDayOf(exit < now ? exit : now);
        const rates = deps.rates(platform);
        const rate = await rates.usdIlsRateOn(rateDay);
        const quoteRate = await quoteRateOf(request.body, rates, rateDay);
        const result = calculateTrade(request.body, {
          usdToIls: rate.rate,
          quoteCurrencyUsd: quoteRate?.rate,
        });
        return {
          pnlUsd: result.pnlUsd.toFixed(2),
          pnlIls: result.pnlIls.toFixed(2),
          rMultiple: result.rMultiple === null ? null : result.rMultiple.toFixed(4),
          usdToIlsRate: rate.rate,
          // The contract's rateDate is a day; the fallback rate has none, so it answers for the asked day.
          rateDate: rate.date ?? rateDay,
          rateSource: rate.source,
          // A cross names the USD rate of its quote currency too; null means the fallback, which has no date.
          ...(quoteRate && {
            quoteRate: quoteRate.rate,
            quoteRateDate: quoteRate.date,
            quoteRateSource: quoteRate.source,
          }),
        };
      },
    );
  };
}
