// `npm run prepare:stack`: the one-shot job that runs before the distributed processes start. It runs every
// module's migrations on DATABASE_URL and, with KAFKA_BROKERS, creates the module topics (the brokers never
// create topics by themselves). Running it again changes nothing.
import { pathToFileURL } from 'node:url';
import {
  type Config,
  ConfigError,
  createDatabase,
  createKafkaEventBus,
  createLogger,
  loadConfig,
  moduleOfEventType,
  moduleTopic,
  platformModule,
  runMigrations,
  type ServiceDefinition,
} from '@yoman/platform';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { modulesOf, SERVICES } from '../registry';

/** What one run did: the migrations it ran and, per topic, whether it was created or already there. */
export interface PrepareReport {
  migrations: string[];
  topics: { topic: string; partitions: number; created: boolean }[];
}

/** Replicas of each topic: three where the operator lists three brokers or more, else one per broker. */
const MAX_REPLICATION = 3;

/**
 * The modules whose events have a topic, read from the events each service of the registry declares
 * (`trade.logged.v1` → `trade`), so a service that declares its events gets its topic without a change here.
 */
export function eventModules(services: readonly Pick<ServiceDefinition, 'events'>[] = SERVICES): string[] {
  const modules = new Set<string>();
  for (const service of services) {
    for (const type of Object.keys(service.events)) modules.add(moduleOfEventType(type));
  }
  return [...modules].sort();
}

/** Runs every module's migrations on `db`; answers the names it ran. */
async function migrate(db: Knex, schema: string | undefined): Promise<string[]> {
  // The schema exists only in tests that share one Postgres server; installations use the default one.
  if (schema) await db.raw('create schema if not exists ??', [schema]);
  return runMigrations(db, [platformModule, ...modulesOf()]);
}

/**
 * Creates the missing module topics with `KAFKA_PARTITIONS` partitions. An existing topic with another
 * partition count is refused: streams are placed by `partitionOf(streamId, KAFKA_PARTITIONS)`, so the count
 * cannot change once events were published.
 */
async function createTopics(config: Config, brokers: string[], logger: Logger) {
  const topics = eventModules().map((module) => moduleTopic(module, config.kafkaTopicPrefix));
  const bus = createKafkaEventBus({
    brokers,
    clientId: `${config.kafkaTopicPrefix}prepare`,
    // The bus warns about its producer settings at creation; this job never produces, so only errors count.
    logger: logger.isLevelEnabled('warn') ? logger.child({}, { level: 'error' }) : logger,
    topicPrefix: config.kafkaTopicPrefix,
    partitions: config.kafkaPartitions,
  });
  const before = await bus.partitionCounts(topics);
  for (const topic of topics) {
    const partitions = before.get(topic);
    if (partitions !== undefined && partitions !== config.kafkaPartitions) {
      throw new Error(
        `The topic ${topic} has ${partitions} partitions but KAFKA_PARTITIONS is ${config.kafkaPartitions}; ` +
          'set KAFKA_PARTITIONS to the existing count (it cannot change once events are published)',
      );
    }
  }
  const replication = Math.min(MAX_REPLICATION, brokers.length);
  await bus.ensureTopics(topics, config.kafkaPartitions, replication);
  const after = await bus.partitionCounts(topics);
  return topics.map((topic) => ({
    topic,
    partitions: after.get(topic) ?? 0,
    created: !before.has(topic),
  }));
}

/**
 * Migrates the database and, with `KAFKA_BROKERS`, creates the topics; idempotent. `database` is the
 * connection to migrate (tests share one); by default one is opened from `config` and closed after.
 */
export async function prepareInstallation(
  config: Config,
  logger: Logger,
  database?: Knex,
): Promise<PrepareReport> {
  const db = database ?? createDatabase(config);
  let migrations: string[];
  try {
    migrations = await migrate(db, config.databaseSchema);
  } finally {
    if (!database) await db.destroy();
  }
  logger.info({ migrations }, `ran ${migrations.length} migration(s)`);
  const topics = config.kafkaBrokers ? await createTopics(config, config.kafkaBrokers, logger) : [];
  for (const each of topics) logger.info(each, `topic ${each.topic} ${each.created ? 'created' : 'exists'}`);
  return { migrations, topics };
}

/** The lines the command prints: what it changed and what it found already in place. */
export function describeReport(report: PrepareReport, config: Pick<Config, 'kafkaBrokers'>): string[] {
  const lines = [
    report.migrations.length > 0
      ? `Ran ${report.migrations.length} migration(s): ${report.migrations.join(', ')}`
      : 'The database is up to date: no migration to run',
  ];
  if (!config.kafkaBrokers) lines.push('KAFKA_BROKERS is not set: no topics to create');
  for (const { topic, partitions, created } of report.topics) {
    lines.push(`${created ? 'Created' : 'Kept existing'} topic ${topic} (${partitions} partitions)`);
  }
  return lines;
}

async function main(): Promise<number> {
  // Checked first: prepare has nothing to set up on the embedded PGlite.
  if (!process.env.DATABASE_URL?.trim()) {
    throw new ConfigError(
      'DATABASE_URL',
      'is required: prepare sets up the PostgreSQL of the distributed mode',
    );
  }
  const config = loadConfig();
  const logger = createLogger({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    name: 'prepare',
  });
  const report = await prepareInstallation(config, logger);
  for (const line of describeReport(report, config)) process.stdout.write(`${line}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${error instanceof ConfigError ? message : `prepare failed: ${message}`}\n`);
      process.exit(1);
    },
  );
}
