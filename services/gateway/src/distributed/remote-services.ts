import {
  ConfigError,
  type DeclaredRoute,
  type ProcessRole,
  rolesOf,
  type ServiceDefinition,
  servesApi,
} from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import { SERVICES } from '../registry';
import { serviceProxy } from './service-proxy';

/** The services `SERVICE_URLS` moves out of the gateway, and how the gateway reaches them. */
export interface RemoteServices {
  /** Names of the modules served elsewhere. */
  modules: ReadonlySet<string>;
  /** One plugin per service, proxying its calls (none for a role without an API). */
  proxies: FastifyPluginAsync[];
  /** The calls proxied, with their access, which the gateway's access check enforces before proxying. */
  routes: DeclaredRoute[];
}

/** What `remoteServicesOf` reads: the gateway's `SERVICE_URLS` and the platform's `INTERNAL_SECRET`. */
export interface RemoteServicesSettings {
  serviceUrls?: Readonly<Record<string, string>>;
  internalSecret?: string;
}

/**
 * Reads `SERVICE_URLS` (and `INTERNAL_SECRET`, which it then needs) against the registry. It names the services
 * with an API; a name the registry does not list, the gateway itself or a service without an API is refused.
 * Once it names any, the installation is distributed: a service without an API (market: a worker only) runs in
 * its own processes too, so its modules leave the gateway with the others.
 */
export function remoteServicesOf(
  settings: RemoteServicesSettings,
  role: ProcessRole = 'all',
  services: readonly ServiceDefinition[] = SERVICES,
): RemoteServices {
  const others = services.filter((service) => service.name !== 'gateway');
  const proxiable = others.filter((service) => rolesOf(service.modules()).includes('api'));
  const urls = Object.entries(settings.serviceUrls ?? {});
  const unknown = urls.map(([name]) => name).filter((name) => !proxiable.some((s) => s.name === name));
  if (unknown.length > 0) {
    const known = proxiable.map((service) => service.name).join(', ');
    throw new ConfigError(
      'SERVICE_URLS',
      `names services the gateway cannot proxy: ${unknown.join(', ')} (known: ${known})`,
    );
  }
  const remote = urls.map(([name, upstream]) => {
    const modules = proxiable.find((service) => service.name === name)?.modules() ?? [];
    return { upstream, modules, routes: modules.flatMap((module) => module.declaredRoutes ?? []) };
  });
  const withoutApi = remote.length === 0 ? [] : others.filter((service) => !proxiable.includes(service));
  const modules = new Set([
    ...remote.flatMap((service) => service.modules.map((module) => module.name)),
    ...withoutApi.flatMap((service) => service.modules().map((module) => module.name)),
  ]);
  if (remote.length === 0 || !servesApi(role)) return { modules, proxies: [], routes: [] };
  const secret = settings.internalSecret;
  if (!secret)
    throw new ConfigError('INTERNAL_SECRET', 'is required when SERVICE_URLS is set (64 hex characters)');
  return {
    modules,
    proxies: remote.map(({ upstream, routes }) => serviceProxy({ routes, upstream, secret })),
    routes: remote.flatMap((service) => service.routes),
  };
}
