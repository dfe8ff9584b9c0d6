import { runServiceProcess } from '@yoman/platform';
import { tradeService } from './trade-service';

/** `services/trade/src/main.ts --role api|projector|worker|all`: the trade service on HOST:PORT. */
await runServiceProcess(tradeService);
