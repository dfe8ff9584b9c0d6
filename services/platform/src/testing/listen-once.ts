import type { FastifyInstance } from 'fastify';

const listening = new WeakMap<FastifyInstance, Promise<{ address: string; port: number }>>();

/**
 * The app listening on a free port of 127.0.0.1, for the tests a real connection needs: it listens on the
 * first call and every later call answers the same address (Fastify refuses a second `listen`).
 */
export function listenOnLoopback(app: FastifyInstance): Promise<{ address: string; port: number }> {
  let started = listening.get(app);
  if (!started) {
    started = app
      .listen({ host: '127.0.0.1', port: 0 })
      .then((address) => ({ address, port: Number(new URL(address).port) }));
    listening.set(app, started);
  }
  return started;
}
