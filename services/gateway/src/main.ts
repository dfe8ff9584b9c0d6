import { runProcess } from '@yoman/platform';
import { buildGateway } from './gateway';

/**
 * `npm start`, or `services/gateway/src/main.ts --role api|projector|worker|all`: the gateway on HOST:PORT.
 * The default role `all` is the whole product in one process (the embedded mode).
 */
await runProcess({
  name: 'gateway',
  build: (config, role, logger) => buildGateway(config, { role, logger }),
});
