import { defineModuleConfig } from '@yoman/platform';
import { z } from 'zod';

/** The market module's own variables: where rates come from (the fallbacks are the trade calculation's). */
export const marketConfig = defineModuleConfig({
  BOI_RATES_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    description:
      'Bank of Israel exchange-rates endpoint (e.g. its public `GetExchangeRates`); off unless set',
  },
});

export type MarketSettings = ReturnType<typeof marketConfig.load>;
