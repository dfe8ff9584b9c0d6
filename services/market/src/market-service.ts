import { marketEventSchemas } from '@yoman/contracts';
import { defineService } from '@yoman/platform';
import { marketModule } from './index';

/**
 * The market service: the market module, which stores the rates it fetches or is given and publishes them
 * (`market.rates-published.v1`). It serves no API yet, so it runs as a worker only.
 */
export const marketService = defineService({
  name: 'market',
  port: 3030,
  modules: () => [marketModule],
  events: marketEventSchemas,
});
