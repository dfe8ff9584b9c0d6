import { createHash, randomBytes } from 'node:crypto';
import { type Config, IN_MEMORY_DATA_DIR } from '../config/config';

/** Prefix of the schemas the infra suite creates; a schema named from a data directory survives a restart. */
export const TEST_SCHEMA_PREFIX = 'test_';

/** The schema for a test on a shared Postgres server: one per data directory, else a fresh one. */
function testSchemaFor(dataDir: string | undefined): string {
  if (dataDir && !dataDir.startsWith(IN_MEMORY_DATA_DIR)) {
    return `${TEST_SCHEMA_PREFIX}dir_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  }
  return `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
}

/**
 * A configuration for tests: in-memory PGlite, quiet logs, a fresh session secret. With `YOMAN_TEST_DATABASE_URL`
 * (the infra suite) it uses that Postgres server instead, in a schema of its own so test files never
 * collide; a test that passes a `dataDir` keeps its schema across restarts, as PGlite keeps the directory.
 * With `YOMAN_TEST_KAFKA_BROKERS` and `YOMAN_TEST_REDIS_URL` as well, events go through Kafka and jobs
 * through BullMQ, as in the distributed mode.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const databaseUrl = process.env.YOMAN_TEST_DATABASE_URL || undefined;
  // Kafka needs PostgreSQL (the relay's leadership lock); each test file gets topics and a queue of its own.
  const kafkaBrokers = (databaseUrl && process.env.YOMAN_TEST_KAFKA_BROKERS?.split(',')) || undefined;
  const redisUrl = (databaseUrl && process.env.YOMAN_TEST_REDIS_URL) || undefined;
  const run = randomBytes(5).toString('hex');
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: IN_MEMORY_DATA_DIR,
    databaseUrl,
    databaseSchema: databaseUrl ? testSchemaFor(overrides.dataDir) : undefined,
    logLevel: 'silent',
    kafkaBrokers,
    kafkaTopicPrefix: kafkaBrokers ? `t${run}.` : 'yoman.',
    kafkaPartitions: 3,
    redisUrl,
    jobsQueue: redisUrl ? `test-${run}` : undefined,
    ...overrides,
    // Not the test runner's environment: a module's variables are what the test gives, else their defaults;
    // the gateway's SESSION_SECRET is a fresh one (it is required with a DATABASE_URL), unless the test gives one.
    environment: { SESSION_SECRET: randomBytes(32).toString('hex'), ...overrides.environment },
  };
}
