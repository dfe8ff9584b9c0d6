import type { FastifyInstance } from 'fastify';
import { countProjectionFailures } from '../projections/projection-failures';

/**
 * Probes for process supervisors (Kubernetes, docker-compose): `/healthz` answers while the process lives,
 * `/readyz` only while its database answers, so a load balancer stops sending work to a process that cannot serve.
 * Events a projection skipped do not make a process unready (a restart would not repair them; a rebuild after
 * a fix does), but `/readyz` names them under `projectionFailures` for the operator (docs/operations.md).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.platform.db.raw('select 1');
      const failures = await countProjectionFailures(app.platform.db);
      return failures.length === 0 ? { status: 'ready' } : { status: 'ready', projectionFailures: failures };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
