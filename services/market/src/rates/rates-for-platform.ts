import type { Platform } from '@yoman/platform';
import { marketConfig } from '../market-config';
import { createBankOfIsraelProvider } from './bank-of-israel';
import { publishUnpublishedRates } from './rates-publication';
import { createRatesService, type RatesService } from './rates-service';

const servicesByPlatform = new WeakMap<Platform, RatesService>();

/**
 * The rates service of one platform, built once from its configuration: the Bank of Israel as the online
 * source when `BOI_RATES_URL` is set, and the platform's event store for what it publishes.
 */
export function ratesServiceFor(platform: Platform): RatesService {
  let service = servicesByPlatform.get(platform);
  if (!service) {
    const url = platform.settingsOf(marketConfig).BOI_RATES_URL;
    service = createRatesService({
      db: platform.db,
      provider: url ? createBankOfIsraelProvider({ url }) : undefined,
      publish: () => publishUnpublishedRates(platform),
    });
    servicesByPlatform.set(platform, service);
  }
  return service;
}
