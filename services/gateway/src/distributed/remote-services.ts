import { marketModule } from '@yoman/market';
import { type Config, ConfigError, type ProcessRole, servesApi, type YomanModule } from '@yoman/platform';
import { createTradeModule } from '@yoman/trade';
import type { FastifyPluginAsync } from 'fastify';
import { tradeContextFromIdentity } from '../identity';
import { type CallerContextOf, serviceProxy } from './service-proxy';

interface RemoteService {
  /** The modules the service process runs, which the gateway then does not. */
  modules: readonly YomanModule[];
  contextOf?: CallerContextOf;
}

/** The services that can run outside the gateway, by their SERVICE_URLS name. */
const REMOTE_SERVICES: Record<string, RemoteService> = {
  trade: {
    // The trade service reads the market module's rate tables, so it runs that module too.
    modules: [marketModule, createTradeModule()],
    contextOf: async (caller, platform) => ({ ...(await tradeContextFromIdentity(caller, platform)) }),
  },
};

/** The modules `SERVICE_URLS` moves out of the gateway, and the proxies that reach them. */
export interface RemoteServices {
  /** Names of the modules served elsewhere. */
  modules: ReadonlySet<string>;
  /** One plugin per service, proxying its modules' /api paths (none for a role without an API). */
  proxies: FastifyPluginAsync[];
}

/** Reads `SERVICE_URLS` (and `INTERNAL_SECRET`, which it then needs); a name the gateway does not know is refused. */
export function remoteServicesOf(config: Config, role: ProcessRole = 'all'): RemoteServices {
  const urls = Object.entries(config.serviceUrls ?? {});
  const unknown = urls.map(([name]) => name).filter((name) => !(name in REMOTE_SERVICES));
  if (unknown.length > 0) {
    const known = Object.keys(REMOTE_SERVICES).join(', ');
    throw new ConfigError(
      'SERVICE_URLS',
      `names services the gateway cannot proxy: ${unknown.join(', ')} (known: ${known})`,
    );
  }
  const services = urls.flatMap(([name, upstream]) => {
    const service = REMOTE_SERVICES[name];
    return service ? [{ service, upstream }] : [];
  });
  const modules = new Set(services.flatMap(({ service }) => service.modules.map((module) => module.name)));
  if (services.length === 0 || !servesApi(role)) return { modules, proxies: [] };
  const secret = config.internalSecret;
  if (!secret)
    throw new ConfigError('INTERNAL_SECRET', 'is required when SERVICE_URLS is set (64 hex characters)');
  return {
    modules,
    proxies: services.map(({ service, upstream }) =>
      serviceProxy({ modules: service.modules, upstream, secret, contextOf: service.contextOf }),
    ),
  };
}
