import type { FastifyInstance } from 'fastify';
import { countProjectionFailures } from '../projections/projection-failures';

/**
 * Probes for process supervisors (Kubernetes, docker-compose): `/healthz` answers while the process lives,
 * `/readyz` only while its database answers, so a load balancer stops sending work to a process that cannot serve.
 * A projector is also unready while it is not in one of its Kafka consumer groups (joining again after a crash
 * or a rebalance): it is handed no events then, and `/readyz` names the groups under `joining`.
 * Events a projection skipped do not make a process unready (a restart would not repair them; a rebuild after
 * a fix does), but `/readyz` names them under `projectionFailures` for the operator (docs/operations.md).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const joining = (app.platform.consumerGroups?.() ?? [])
      .filter((membership) => !membership.joined)
      .map((membership) => membership.group);
    if (joining.length > 0) return reply.status(503).send({ status: 'unavailable', joining });
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
