import { ConfigError, closeGracefully, createLogger, loadConfig } from '@yoman/platform';
import { buildGateway } from './gateway';

/** `npm start`: the whole product in one process on HOST:PORT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger({ level: config.logLevel });
  const startedAt = performance.now();
  const gateway = await buildGateway(config, { logger });
  closeGracefully(logger, () => gateway.close());
  const address = await gateway.app.listen({ host: config.host, port: config.port });
  const mode = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  logger.info(
    { address, mode, startupMs: Math.round(performance.now() - startedAt) },
    `Yoman is serving ${address}`,
  );
}

main().catch((error) => {
  process.stderr.write(
    `Yoman could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
