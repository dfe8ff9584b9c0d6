import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { type Config, ConfigError } from '../config/config';
import { createPlatform, type ProcessRole, type RunningPlatform } from '../create-platform';
import { refuseRequestsWhileClosing } from '../http/closing';
import { answerNotFound, handleError } from '../http/error-handler';
import { healthRoutes } from '../http/health';
import { createHttpApp } from '../http/http-app';
import { internalCallerPlugin } from '../http/internal-caller';
import type { YomanModule } from '../module';
import type { Clock, Platform } from '../platform';

/** Whether a role serves the modules' /api routes (projectors and workers answer only the probes). */
export const servesApi = (role: ProcessRole) => role === 'all' || role === 'api';

/** A process without routes of its own (projector, worker): `/healthz` and `/readyz` only. */
export async function createProbeApp(platform: Platform): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: platform.logger as FastifyBaseLogger, return503OnClosing: false });
  app.setErrorHandler(handleError);
  refuseRequestsWhileClosing(app);
  app.decorate('platform', platform);
  await healthRoutes(app);
  app.setNotFoundHandler(answerNotFound);
  return app;
}

/** The secret a service's API checks the gateway's caller header with; without it nobody could call it. */
export function internalSecretOf(config: Config): string {
  if (!config.internalSecret) {
    throw new ConfigError('INTERNAL_SECRET', 'is required by a service API process (64 hex characters)');
  }
  return config.internalSecret;
}

export interface ServiceAppOptions {
  role: ProcessRole;
  /** Root-scope plugins after the caller check (fastify-plugin wrapped). */
  plugins?: readonly FastifyPluginAsync[];
}

/**
 * The HTTP side of a service process on a platform already open: for `api` and `all`, the modules' routes
 * behind the gateway's signed caller header (INTERNAL_SECRET); for `projector` and `worker`, the probes.
 */
export async function createServiceApp(
  platform: Platform,
  modules: readonly YomanModule[],
  options: ServiceAppOptions,
): Promise<FastifyInstance> {
  if (!servesApi(options.role)) return createProbeApp(platform);
  const secret = internalSecretOf(platform.config);
  const callerCheck = fp(async (app) => app.register(internalCallerPlugin, { secret }), {
    name: 'yoman-service-caller',
  });
  return createHttpApp({ platform, modules, plugins: [callerCheck, ...(options.plugins ?? [])] });
}

export interface ProcessOptions {
  role: ProcessRole;
  /** Names the consumer group and Kafka client (`trade` → `yoman.projector.trade`). */
  service: string;
  modules: readonly YomanModule[];
  clock?: Clock;
  logger?: Logger;
  /** Background loops (projection poll, job poll); default true. */
  background?: boolean;
  /**
   * A platform already open to build on instead of opening one (tests run a gateway and a service on one
   * database); its owner closes it, and `close` then stops only the app.
   */
  running?: RunningPlatform;
}

export interface ServiceProcessOptions extends ProcessOptions, ServiceAppOptions {}

/** One built (not listening) process: its app, its platform, and how to stop both. */
export interface ServiceProcess {
  app: FastifyInstance;
  platform: Platform;
  running: RunningPlatform;
  /** Stops accepting requests, then stops the loops and closes the database (unless it was shared). */
  close(): Promise<void>;
}

/**
 * Builds any Yoman process for a role: opens the platform of its modules (migrations, projections and jobs by
 * role) unless one is shared, then the app `createApp` makes on it; a failure closes what was opened.
 */
export async function buildProcess(
  config: Config,
  options: ProcessOptions,
  createApp: (platform: Platform) => Promise<FastifyInstance>,
): Promise<ServiceProcess> {
  const shared = options.running;
  const running =
    shared ??
    (await createPlatform(config, options.modules, {
      role: options.role,
      service: options.service,
      clock: options.clock,
      logger: options.logger,
      background: options.background,
    }));
  const closePlatform = () => (shared ? Promise.resolve() : running.close());
  try {
    const app = await createApp(running.platform);
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

/** Builds a service process for a role: its modules behind the gateway's signed caller, or the probes. */
export async function buildServiceProcess(
  config: Config,
  options: ServiceProcessOptions,
): Promise<ServiceProcess> {
  // A missing secret is a configuration error: say so before opening the database.
  if (servesApi(options.role)) internalSecretOf(config);
  return buildProcess(config, options, (platform) => createServiceApp(platform, options.modules, options));
}
