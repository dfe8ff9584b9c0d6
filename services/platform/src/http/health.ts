import type { FastifyInstance } from 'fastify';

/**
 * Probes for process supervisors (Kubernetes, docker-compose): `/healthz` answers while the process lives,
 * `/readyz` only while its database answers, so a load balancer stops sending work to a process that cannot serve.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.platform.db.raw('select 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
