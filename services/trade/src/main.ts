import { marketModule } from '@yoman/market';
import { runServiceProcess } from '@yoman/platform';
import { tradeContextFromCaller } from './trade-context';
import { createTradeModule } from './trade-module';

/**
 * `services/trade/src/main.ts --role api|projector|worker|all`: the trade service on HOST:PORT, with the
 * market module's rate tables it reads; the caller's zone and lock policy arrive signed from the gateway.
 */
await runServiceProcess({
  service: 'trade',
  modules: [marketModule, createTradeModule({ tradeContextOf: tradeContextFromCaller })],
});
