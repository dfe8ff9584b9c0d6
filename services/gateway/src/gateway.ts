import {
  buildProcess,
  type Clock,
  type Config,
  createHttpApp,
  createProbeApp,
  type DeclaredRoute,
  type Platform,
  type ProcessRole,
  type RunningPlatform,
  type ServiceProcess,
  servesApi,
  type YomanModule,
} from '@yoman/platform';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { remoteServicesOf } from './distributed/remote-services';
import { type GatewaySettings, loadGatewaySettings } from './gateway-config';
import { SESSION_COOKIE, sessionPlugin } from './identity';
import { modulesOf } from './registry';
import { staticFrontEnd } from './static-front-end';

export interface GatewayOptions {
  /** Modules served beside the registry's (tests add small ones). */
  modules?: readonly YomanModule[];
  /** Root-scope plugins registered after the session plugin. */
  plugins?: readonly FastifyPluginAsync[];
  /** Calls served by the plugins (proxies), with their access. */
  declaredRoutes?: readonly DeclaredRoute[];
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
export type Gateway = ServiceProcess;

/**
 * Builds the gateway: the session plugin and every module of the registry's services, except those of the
 * services `SERVICE_URLS` names, whose calls are proxied to them instead.
 */
export function buildGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  // Read once, before the platform opens: a bad or missing gateway variable stops start-up at once.
  const settings = loadGatewaySettings(config);
  const remote = remoteServicesOf(
    { serviceUrls: settings.serviceUrls, internalSecret: config.internalSecret },
    options.role,
  );
  const inProcess = modulesOf().filter((module) => !remote.modules.has(module.name));
  return composeWith(config, settings, {
    ...options,
    modules: [...inProcess, ...(options.modules ?? [])],
    plugins: [sessionPlugin(settings.session), ...remote.proxies, ...(options.plugins ?? [])],
    declaredRoutes: [...remote.routes, ...(options.declaredRoutes ?? [])],
  });
}

/** Composes exactly the given modules and plugins with the static front end (tests pass small modules). */
export function composeGateway(config: Config, options: GatewayOptions): Promise<Gateway> {
  // Read before the platform opens: a bad FRONT_END_DIR or REMOTES_MANIFEST stops start-up at once.
  return composeWith(config, loadGatewaySettings(config), options);
}

function composeWith(config: Config, settings: GatewaySettings, options: GatewayOptions): Promise<Gateway> {
  const modules = options.modules ?? [];
  const role = options.role ?? 'all';
  return buildProcess(config, { ...options, role, modules, service: 'gateway' }, (platform) =>
    servesApi(role) ? frontDoor(platform, settings, modules, options) : createProbeApp(platform),
  );
}

/** The gateway's HTTP side: the API of its modules and plugins, then the shell and the remotes manifest. */
async function frontDoor(
  platform: Platform,
  settings: GatewaySettings,
  modules: readonly YomanModule[],
  options: GatewayOptions,
): Promise<FastifyInstance> {
  const { remotesManifest } = settings;
  const app = await createHttpApp({
    platform,
    modules,
    plugins: options.plugins,
    declaredRoutes: options.declaredRoutes,
    remotesManifest,
  });
  await app.register(staticFrontEnd, {
    frontEndDir: settings.frontEndDir,
    remotesManifest,
    sessionCookie: SESSION_COOKIE,
  });
  return app;
}
