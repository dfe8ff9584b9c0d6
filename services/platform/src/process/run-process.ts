import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from '../config/config';
import type { ProcessRole } from '../create-platform';
import { createLogger } from '../logging/logger';
import type { ServiceDefinition } from '../service';
import { closeGracefully } from '../shutdown';
import { RoleArgumentError, roleFromArgv } from './process-role';
import { buildServiceProcess } from './service-app';

/** What a process entry builds once its role and configuration are known. */
export interface ProcessStart {
  /** The process's name in its log lines (`gateway`, `trade`). */
  name: string;
  /** Command-line arguments; default `process.argv.slice(2)`. */
  argv?: readonly string[];
  build(
    config: Config,
    role: ProcessRole,
    logger: Logger,
  ): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
}

const firstLineOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Stops the process with a message for the terminal. */
function stop(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * A process's life: reads `--role` and the environment (a bad one stops it with one line and exit code 1),
 * builds it, listens on HOST:PORT, and closes gracefully on SIGTERM/SIGINT.
 */
export async function runProcess(start: ProcessStart): Promise<void> {
  let role: ProcessRole;
  let config: Config;
  try {
    role = roleFromArgv(start.argv ?? process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof RoleArgumentError || error instanceof ConfigError) stop(firstLineOf(error));
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const startedAt = performance.now();
  try {
    const built = await start.build(config, role, logger);
    closeGracefully(logger, () => built.close());
    const address = await built.app.listen({ host: config.host, port: config.port });
    const mode = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    logger.info(
      { address, role, mode, startupMs: Math.round(performance.now() - startedAt) },
      `Yoman ${start.name} (${role}) is serving ${address}`,
    );
  } catch (error) {
    if (error instanceof ConfigError) stop(firstLineOf(error));
    stop(
      `Yoman ${start.name} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

export interface RunServiceOptions {
  /** Command-line arguments; default `process.argv.slice(2)`. */
  argv?: readonly string[];
  /** Root-scope plugins of the API (fastify-plugin wrapped), after the caller check. */
  plugins?: readonly FastifyPluginAsync[];
}

/** `services/<service>/src/main.ts --role api|projector|worker|all`: one service process on HOST:PORT. */
export function runServiceProcess(
  service: ServiceDefinition,
  options: RunServiceOptions = {},
): Promise<void> {
  return runProcess({
    name: service.name,
    argv: options.argv,
    build: (config, role, logger) =>
      buildServiceProcess(config, {
        role,
        service: service.name,
        modules: service.modules(),
        plugins: options.plugins,
        logger,
      }),
  });
}
