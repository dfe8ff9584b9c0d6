import type { Socket } from 'node:net';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { unavailable } from './errors';

/** How long a closing app lets a connection that has sent nothing yet send its request. */
const SILENT_CONNECTION_GRACE_MS = 1000;

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
  finishHandlersBeforeClosing(app);
  endSilentConnectionsWhenClosing(app);
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw unavailable();
  });
}

/**
 * `close` waits for the server's connections, not for the handlers behind them: a client that went away
 * mid-request (a load generator stopping, a phone losing its signal) leaves its handler running with nothing to
 * hold the server open, and what the app closes next (the database) was then pulled from under it. Every
 * route's handler is followed, and the app's close waits for those still running before its own onClose hooks
 * (and the platform after them) go on.
 */
function finishHandlersBeforeClosing(app: FastifyInstance): void {
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function followed(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const settled = result.then(
          () => {},
          () => {},
        );
        running.add(settled);
        void settled.then(() => running.delete(settled));
      }
      return result;
    } as typeof handler;
  });
  app.addHook('onClose', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });
}

/**
 * Node's `close` ends idle keep-alive connections, but counts one that has not sent a byte as waiting for its
 * first request's headers, and waits for it up to the headers timeout: 60 to 90 s. A pool keeps such
 * connections: the gateway's proxy opened one for a client that then left mid-body, never used it, and a trade
 * service's shutdown then took 69 s. Once closing, such a connection has a second to send its request (and be
 * answered 503 above); after that it is ended, since it has no request to finish.
 */
function endSilentConnectionsWhenClosing(app: FastifyInstance): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    setTimeout(() => {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    }, SILENT_CONNECTION_GRACE_MS).unref();
  });
}
