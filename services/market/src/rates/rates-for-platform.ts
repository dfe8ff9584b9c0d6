import type { Platform } from '@yoman/platform';
import { marketConfig } from '../market-config';
import { createBankOfIsraelProvider } from './bank-of-israel';
import { createRatesService, type RatesService } from './rates-service';

const servicesByPlatform = new WeakMap<Platform, RatesService>();

/**
 * The rates service of one platform, built once from its configuration: `USD_ILS_RATE` and
 * `FX_FALLBACK_RATES` as the fallbacks and the Bank of Israel as the online source when `BOI_RATES_URL` is set.
 */
export function ratesServiceFor(platform: Platform): RatesService {
  let service = servicesByPlatform.get(platform);
  if (!service) {
    const settings = platform.settingsOf(marketConfig);
    const url = settings.BOI_RATES_URL;
    service = createRatesService({
      db: platform.db,
      clock: platform.clock,
      fallbackRate: settings.USD_ILS_RATE,
      fxFallbackRates: settings.FX_FALLBACK_RATES,
      provider: url ? createBankOfIsraelProvider({ url }) : undefined,
      logger: platform.logger,
    });
    servicesByPlatform.set(platform, service);
  }
  return service;
}
