import { marketModule } from '@yoman/market';
import {
  type Clock,
  type Config,
  createHttpApp,
  createPlatform,
  type Platform,
  type RunningPlatform,
  type YomanModule,
} from '@yoman/platform';
import { createTradeModule } from '@yoman/trade';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { identityModule, sessionPlugin, tradeContextFromIdentity } from './identity';
import { staticFrontEnd } from './static-front-end';

export interface GatewayOptions {
  /** Modules served beside identity (trade, league, market …). */
  modules?: readonly YomanModule[];
  /** Root-scope plugins registered after the session plugin. */
  plugins?: readonly FastifyPluginAsync[];
  clock?: Clock;
  logger?: Logger;
  /** Background loops (projection poll, job poll); default true. */
  background?: boolean;
}

/** The embedded-mode process: every module's API, projections and jobs, and the built front end. */
export interface Gateway {
  app: FastifyInstance;
  platform: Platform;
  running: RunningPlatform;
  /** Stops accepting requests, then stops the loops and closes the database. */
  close(): Promise<void>;
}

/** The modules the embedded product runs in one process (the rebuild command replays their projections). */
export const GATEWAY_MODULES: readonly YomanModule[] = [
  identityModule,
  marketModule,
  createTradeModule({ tradeContextOf: tradeContextFromIdentity }),
];

/** Builds the gateway: every module of the product, the session plugin, plus `options.modules`. */
export function buildGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  return composeGateway(config, {
    ...options,
    modules: [...GATEWAY_MODULES, ...(options.modules ?? [])],
    plugins: [sessionPlugin, ...(options.plugins ?? [])],
  });
}

/** Composes exactly the given modules and plugins with the static front end (tests pass small modules). */
export async function composeGateway(config: Config, options: GatewayOptions): Promise<Gateway> {
  const modules = options.modules ?? [];
  const running = await createPlatform(config, modules, {
    clock: options.clock,
    logger: options.logger,
    background: options.background,
  });
  try {
    const app = await createHttpApp({ platform: running.platform, modules, plugins: options.plugins });
    await app.register(staticFrontEnd, {
      frontEndDir: config.frontEndDir,
      remotesManifest: config.remotesManifest,
    });
    let closing: Promise<void> | undefined;
    return {
      app,
      platform: running.platform,
      running,
      close() {
        closing ??= app.close().then(() => running.close());
        return closing;
      },
    };
  } catch (error) {
    await running.close();
    throw error;
  }
}
