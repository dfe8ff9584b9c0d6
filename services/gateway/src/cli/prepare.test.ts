import { randomBytes } from 'node:crypto';
import {
  type Config,
  createDatabase,
  createKafkaEventBus,
  MIGRATIONS_TABLE,
  platformModule,
} from '@yoman/platform';
import { needsInfra, testConfig } from '@yoman/platform/testing';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { modulesOf } from '../registry';
import { describeReport, eventModules, prepareInstallation } from './prepare';

const logger = pino({ level: 'silent' });
const brokers = process.env.YOMAN_TEST_KAFKA_BROKERS;
const onKafka = needsInfra('YOMAN_TEST_KAFKA_BROKERS');
/** Removes the schema a test made on a shared Postgres server (PGlite keeps nothing). */
async function dropSchema(config: Config) {
  if (!config.databaseSchema) return;
  const db = createDatabase({ ...config, databaseSchema: undefined });
  try {
    await db.raw('drop schema if exists ?? cascade', [config.databaseSchema]);
  } finally {
    await db.destroy();
  }
}

const everyMigration = [platformModule, ...modulesOf()].flatMap((module) => module.migrations);

describe('the modules that get a topic', () => {
  it('are the modules named before the first dot of the event types the registry’s services declare', () => {
    const modules = eventModules();
    expect(modules).toEqual(expect.arrayContaining(['identity', 'trade']));
    expect(modules).toEqual([...new Set(modules)].sort());
  });

  it('follow the events any service declares, once each', () => {
    const services = [
      { events: { 'league.created.v1': {}, 'league.joined.v1': {} } },
      { events: { 'trade.logged.v1': {} } },
    ];
    expect(eventModules(services)).toEqual(['league', 'trade']);
  });
});

describe('preparing the database', () => {
  // One connection for both runs, so the second finds what the first migrated (PGlite in memory, or a
  // schema of its own on a shared Postgres server).
  const config = testConfig({ kafkaBrokers: undefined });
  const db = createDatabase(config);
  afterAll(async () => {
    await db.destroy();
    await dropSchema(config);
  });

  it('runs every module’s migrations once, then finds nothing to do', async () => {
    const first = await prepareInstallation(config, logger, db);
    expect(first.migrations).toHaveLength(everyMigration.length);
    expect(first.topics).toEqual([]);
    const second = await prepareInstallation(config, logger, db);
    expect(second.migrations).toEqual([]);
    const recorded = await db(MIGRATIONS_TABLE).pluck('name');
    expect([...recorded].sort()).toEqual(everyMigration.map((migration) => migration.name).sort());
    expect(await db('events').count({ count: '*' })).toEqual([{ count: 0 }]);
    expect(describeReport(second, config)).toEqual([
      'The database is up to date: no migration to run',
      'KAFKA_BROKERS is not set: no topics to create',
    ]);
  });
});

onKafka.describe('creating the topics on a real broker', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  const kafkaBrokers = (brokers ?? '').split(',');
  const base = testConfig({ kafkaBrokers, kafkaTopicPrefix: prefix });
  const configWith = (partitions: number): Config => ({ ...base, kafkaPartitions: partitions });
  afterAll(() => dropSchema(base));

  // One topic per module whose events a registered service declares (identity, trade, and any added since).
  const topics = () => eventModules().map((module) => `${prefix}${module}`);

  it('creates each module topic with KAFKA_PARTITIONS partitions, and keeps them on a second run', async () => {
    const first = await prepareInstallation(configWith(2), logger);
    expect(first.topics).toEqual(topics().map((topic) => ({ topic, partitions: 2, created: true })));
    expect(topics()).toEqual(expect.arrayContaining([`${prefix}identity`, `${prefix}trade`]));
    const second = await prepareInstallation(configWith(2), logger);
    expect(second.topics.every(({ created }) => !created)).toBe(true);
    expect(describeReport(second, configWith(2)).slice(1)).toEqual(
      topics().map((topic) => `Kept existing topic ${topic} (2 partitions)`),
    );
    const bus = createKafkaEventBus({ brokers: kafkaBrokers, clientId: `${prefix}check`, logger });
    const counts = await bus.partitionCounts(topics());
    expect([...counts.values()]).toEqual(topics().map(() => 2));
  });

  it('refuses a partition count other than the existing topics’ (streams are placed by it)', async () => {
    await expect(prepareInstallation(configWith(3), logger)).rejects.toThrow(
      /^The topic \S+ has 2 partitions but KAFKA_PARTITIONS is 3/,
    );
  });
});
