import { marketModule } from '@yoman/market';
import {
  type Clock,
  type Config,
  createHttpApp,
  createPlatform,
  createProbeApp,
  type Platform,
  type ProcessRole,
  type RunningPlatform,
  servesApi,
  type YomanModule,
} from '@yoman/platform';
import { createTradeModule } from '@yoman/trade';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { remoteServicesOf } from './distributed/remote-services';
import { DEFAULT_FRONT_END_DIR, type GatewaySettings, gatewayConfig } from './gateway-config';
import { identityModule, sessionPlugin, tradeContextFromIdentity } from './identity';
import { staticFrontEnd } from './static-front-end';

export interface GatewayOptions {
  /** Modules served beside identity (trade, league, market …). */
  modules?: readonly YomanModule[];
  /** Root-scope plugins registered after the session plugin. */
  plugins?: readonly FastifyPluginAsync[];
  /** Default `all`; `projector` and `worker` run identity's projections or jobs and answer only the probes. */
  role?: ProcessRole;
  clock?: Clock;
  logger?: Logger;
  /** Background loops (projection poll, job poll); default true. */
  background?: boolean;
  /**
   * A platform already open to serve on instead of opening one (tests run a gateway and a service on one
   * database); its owner closes it, `Gateway.close` only stops the app.
   */
  running?: RunningPlatform;
}

/** The gateway process: identity, sessions, the built front end, and every other module in or out of process. */
export interface Gateway {
  app: FastifyInstance;
  platform: Platform;
  running: RunningPlatform;
  /** Stops accepting requests, then stops the loops and closes the database. */
  close(): Promise<void>;
}

/** Every module of the product: the embedded gateway runs them all (prepare and rebuild use the list). */
export const GATEWAY_MODULES: readonly YomanModule[] = [
  identityModule,
  marketModule,
  createTradeModule({ tradeContextOf: tradeContextFromIdentity }),
];

/**
 * Builds the gateway: identity and the session plugin, plus `options.modules`. The trade and market modules
 * run in process unless `SERVICE_URLS` names a trade service, whose paths are then proxied to it.
 */
export function buildGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const remote = remoteServicesOf(config, options.role);
  const inProcess = GATEWAY_MODULES.filter((module) => !remote.modules.has(module.name));
  return composeGateway(config, {
    ...options,
    modules: [...inProcess, ...(options.modules ?? [])],
    plugins: [sessionPlugin, ...remote.proxies, ...(options.plugins ?? [])],
  });
}

/** Composes exactly the given modules and plugins with the static front end (tests pass small modules). */
export async function composeGateway(config: Config, options: GatewayOptions): Promise<Gateway> {
  const modules = options.modules ?? [];
  const role = options.role ?? 'all';
  const shared = options.running;
  const settings = gatewayConfig.load(config.environment);
  const running =
    shared ??
    (await createPlatform(config, modules, {
      role,
      service: 'gateway',
      clock: options.clock,
      logger: options.logger,
      background: options.background,
    }));
  const closePlatform = () => (shared ? Promise.resolve() : running.close());
  try {
    const app = servesApi(role)
      ? await frontDoor(running.platform, settings, modules, options.plugins)
      : await createProbeApp(running.platform);
    let closing: Promise<void> | undefined;
    return {
      app,
      platform: running.platform,
      running,
      close() {
        closing ??= app.close().then(closePlatform);
        return closing;
      },
    };
  } catch (error) {
    await closePlatform();
    throw error;
  }
}

/** The gateway's HTTP side: the API of its modules and plugins, then the shell and the remotes manifest. */
async function frontDoor(
  platform: Platform,
  settings: GatewaySettings,
  modules: readonly YomanModule[],
  plugins: readonly FastifyPluginAsync[] | undefined,
): Promise<FastifyInstance> {
  const remotesManifest = settings.REMOTES_MANIFEST;
  const app = await createHttpApp({ platform, modules, plugins, remotesManifest });
  await app.register(staticFrontEnd, {
    frontEndDir: settings.FRONT_END_DIR ?? DEFAULT_FRONT_END_DIR,
    remotesManifest,
  });
  return app;
}
