import { defineModuleConfig } from '@yoman/platform';
import { z } from 'zod';

/** `EUR=1.08,GBP=1.27,JPY=0.0066`: USD per 1 unit of each currency, each currency once. */
const fxFallbackRatesSchema = z.string().transform((raw, context) => {
  const rates: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const [currency = '', rate = ''] = pair.split('=', 2).map((part) => part.trim());
    const code = currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || !/^\d+(\.\d+)?$/.test(rate) || Number(rate) <= 0 || code in rates) {
      const message = `is invalid: ${JSON.stringify(pair.trim().slice(0, 40))} must be CUR=USD per unit, once per currency (EUR=1.08,GBP=1.27)`;
      context.issues.push({ code: 'custom', message, input: raw });
      return z.NEVER;
    }
    rates[code] = rate;
  }
  return rates;
});

/** The trade module's variables: the rates a calculation uses when the market has published none for a date. */
export const tradeConfig = defineModuleConfig({
  USD_ILS_RATE: {
    schema: z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number such as 3.70'),
    default: '3.70',
    description:
      'USD/ILS rate used when no published rate is known for a date; every calculation says which rate and date it used',
  },
  FX_FALLBACK_RATES: {
    schema: fxFallbackRatesSchema,
    description:
      'USD per 1 unit of other currencies for forex crosses when no Bank of Israel rate is stored, e.g. `EUR=1.08,GBP=1.27,JPY=0.0066`; unset: a cross without a stored rate is refused (422 `QUOTE_RATE_UNKNOWN`)',
  },
});

export type TradeSettings = ReturnType<typeof tradeConfig.load>;
