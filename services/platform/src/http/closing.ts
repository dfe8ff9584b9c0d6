import type { FastifyInstance } from 'fastify';
import { unavailable } from './errors';

/**
 * Once the app is closing, a request that still reaches it (pipelined, or on a connection kept alive) is
 * refused with the house 503 and `Connection: close`, so the client's next request goes to a process that is
 * not closing. Fastify's own closing answer (`return503OnClosing`) has neither the code nor the Hebrew
 * message the client shows, so the apps turn it off and register this first.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw unavailable();
  });
}
