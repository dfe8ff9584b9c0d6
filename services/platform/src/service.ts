import type { ProcessRole } from './event-delivery';
import type { YomanModule } from './module';

/**
 * A backend service as the registry knows it: one entry per service, read by the gateway (what runs in
 * process, what is proxied where), `prepare` (migrations and topics), the rebuild and demo commands,
 * `infra/stack` and the deployment checks. A service's process is `services/<name>/src/main.ts --role R`.
 */
export interface ServiceDefinition {
  /** `trade`: its `SERVICE_URLS` key, consumer group, jobs queue and process names (`trade-api`). */
  name: string;
  /** The port its processes listen on in the distributed mode (compose, Kubernetes, the stack's defaults). */
  port: number;
  /** Builds the modules the service runs, afresh for each process. */
  modules(): YomanModule[];
  /**
   * The events it appends, by type (`trade.logged.v1`), with their schemas from the contracts: each type's
   * module (its text before the first dot) names a topic that `prepare` creates.
   */
  events: Readonly<Record<string, unknown>>;
}

/** Declares a service (a typed identity: the shape is checked where it is written). */
export const defineService = (service: ServiceDefinition): ServiceDefinition => service;

/**
 * The distributed roles a service's modules need: `api` when they serve routes, `projector` when they keep
 * read models, and always `worker` (jobs, and the outbox relay that publishes what the service appends).
 */
export function rolesOf(modules: readonly YomanModule[]): Exclude<ProcessRole, 'all'>[] {
  const roles: Exclude<ProcessRole, 'all'>[] = [];
  if (modules.some((module) => module.routes)) roles.push('api');
  if (modules.some((module) => (module.projections ?? []).length > 0)) roles.push('projector');
  roles.push('worker');
  return roles;
}

/** The port of a service's process by role in the distributed mode: api on its port, then projector, worker. */
export function portOf(service: Pick<ServiceDefinition, 'port'>, role: Exclude<ProcessRole, 'all'>): number {
  return service.port + { api: 0, projector: 1, worker: 2 }[role];
}

/** The process entry of a service: `services/<name>/src/main.ts`. */
export const entryOf = (service: Pick<ServiceDefinition, 'name'>) => `services/${service.name}/src/main.ts`;
