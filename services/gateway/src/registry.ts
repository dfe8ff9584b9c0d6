import { identityEventSchemas, organisationEventSchemas } from '@yoman/contracts';
import { marketService } from '@yoman/market';
import { defineService, type ServiceDefinition, type YomanModule } from '@yoman/platform';
import { tradeService } from '@yoman/trade';
import { identityModule } from './identity';

/** The gateway's own service: identity (users, sessions, settings, uploads) behind the front door. */
export const gatewayService = defineService({
  name: 'gateway',
  port: 3000,
  modules: () => [identityModule],
  events: { ...identityEventSchemas, ...organisationEventSchemas },
});

/**
 * Every backend service of Yoman, the gateway first: the one list the gateway, `prepare`, the rebuild and demo
 * commands, `infra/stack` and the deployment checks read. A new service is one line here (`npm run new:service`).
 */
export const SERVICES: readonly ServiceDefinition[] = [gatewayService, tradeService, marketService];

/** The service of this name, or undefined. */
export const serviceNamed = (name: string) => SERVICES.find((service) => service.name === name);

/** Every module of the given services once, in the order they are listed: the embedded gateway runs them all. */
export function modulesOf(services: readonly ServiceDefinition[] = SERVICES): YomanModule[] {
  const byName = new Map<string, YomanModule>();
  for (const service of services) {
    for (const module of service.modules()) if (!byName.has(module.name)) byName.set(module.name, module);
  }
  return [...byName.values()];
}
