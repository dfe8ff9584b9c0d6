import { SETUP_EVENT_SCHEMAS, TRADE_EVENT_SCHEMAS } from '@yoman/contracts';
import { defineService } from '@yoman/platform';
import { createTradeModule } from './trade-module';

/** The trade service: the trade module, which keeps the rates it needs from the market service's events. */
export const tradeService = defineService({
  name: 'trade',
  port: 3010,
  modules: () => [createTradeModule()],
  events: { ...TRADE_EVENT_SCHEMAS, ...SETUP_EVENT_SCHEMAS },
});
