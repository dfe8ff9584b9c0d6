import { runServiceProcess } from '@yoman/platform';
import { marketService } from './market-service';

/** `services/market/src/main.ts --role worker|all`: the market service on HOST:PORT. */
await runServiceProcess(marketService);
