import { ConfigError, createLogger, createPlatform, loadConfig } from '@yoman/platform';
import { modulesOf } from '../registry';

const USAGE = 'usage: npm run projections:rebuild [-- <projection name>]';

/**
 * `npm run projections:rebuild [-- name]`: empties every read model (or one) and replays the event store
 * into it, then prints what each projection replayed and how long it took. Stop the server first when
 * it runs on the embedded database; in the distributed mode the projectors may keep running.
 */
async function rebuildProjections(args: string[]) {
  if (args.includes('--help') || args.length > 1) {
    process.stdout.write(`${USAGE}\n`);
    return args.includes('--help') ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    name: 'rebuild',
  });
  // On Kafka the rebuild neither consumes nor relays: it replays the events table while holding the
  // projectors' checkpoints, which the running projectors then skip past.
  const running = await createPlatform(config, modulesOf(), {
    logger,
    background: false,
    role: config.kafkaBrokers ? 'api' : 'all',
  });
  try {
    const startedAt = performance.now();
    const reports = await running.projections.replay(args[0]);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
    const head = await running.platform.eventStore.headPosition();
    for (const { projection, events, failures } of reports) {
      const failed = failures > 0 ? `, ${failures} failed (npm run projections:failures)` : '';
      process.stdout.write(`${projection.padEnd(28)} ${String(events).padStart(8)} events${failed}\n`);
    }
    process.stdout.write(
      `Rebuilt ${reports.length} projection(s) up to event position ${head} in ${seconds} s\n`,
    );
    return reports.some((report) => report.failures > 0) ? 1 : 0;
  } finally {
    await running.close();
  }
}

rebuildProjections(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
