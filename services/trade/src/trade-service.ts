import { TRADE_EVENT_SCHEMAS } from '@yoman/contracts';
import { marketModule } from '@yoman/market';
import { defineService } from '@yoman/platform';
import { createTradeModule } from './trade-module';

/**
 * The trade service: the trade module, with the market module's rate tables it reads (until market runs as a
 * service of its own).
 */
export const tradeService = defineService({
  name: 'trade',
  port: 3010,
  modules: () => [marketModule, createTradeModule()],
  events: TRADE_EVENT_SCHEMAS,
});
