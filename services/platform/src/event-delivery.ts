import type { Logger } from 'pino';
import type { Config } from './config/config';
import { notificationChannel } from './db/notification-listener';
import { createKafkaEventBus, type KafkaEventBus } from './event-bus/kafka-event-bus';
import { createOutboxRelay, type OutboxRelay, relayLockKey } from './event-bus/outbox-relay';
import { moduleOfEventType, moduleTopic } from './event-bus/topics';
import type { GroupMembership } from './event-bus/types';
import type { InlineDelivery } from './event-store/postgres-event-store';
import type { YomanModule } from './module';
import type { Platform } from './platform';
import { createKafkaProjectionRunner } from './projections/kafka-projection-runner';
import { createProjectionRunner, type EmbeddedProjectionRunner } from './projections/projection-runner';
import type { Projection } from './projections/types';

/**
 * What a process runs: `all` (the embedded mode, or everything in one process on Kafka), `api` (routes; jobs
 * only produced), `projector` (the Kafka consumer applying the modules' projections) or `worker` (jobs and
 * the outbox relay).
 */
export type ProcessRole = 'all' | 'api' | 'projector' | 'worker';

export const PROCESS_ROLES: readonly ProcessRole[] = ['all', 'api', 'projector', 'worker'];

const PROJECTION_POLL_MS = 1000;

/**
 * The channel appends notify and the outbox relay listens on: only on PostgreSQL with Kafka (embedded, the
 * event store wakes the runner in process). Events live in the schema, so the schema alone scopes it.
 */
export function relayWakeChannel(config: Config): string | undefined {
  if (!config.databaseUrl || !config.kafkaBrokers) return undefined;
  return notificationChannel('events', config.databaseSchema);
}

/** How committed events reach the read models: the runner the platform exposes, and its lifecycle. */
export interface Delivery {
  projections: EmbeddedProjectionRunner;
  /** Inline delivery for the event store, where this delivery has it (embedded mode on PGlite). */
  inline?: InlineDelivery;
  /** A projector process's consumer groups and whether it is in each (what its `/readyz` reports). */
  memberships?: () => readonly GroupMembership[];
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded: on PGlite an append group's events are applied in the group's own transaction (`inline`); the
 * in-process runner reads the events table after a commit for everything else.
 */
export function embeddedDelivery(
  db: Platform['db'],
  projections: readonly Projection[],
  logger: Logger,
  background: boolean,
  role: ProcessRole,
  /** PGlite: each append group's read models are written in its own transaction (docs/decisions.md). */
  inline = false,
): Delivery {
  if (role !== 'all')
    throw new Error(`The role ${role} needs KAFKA_BROKERS: without Kafka one process runs all`);
  const runner = createProjectionRunner(db, projections, {
    logger,
    pollIntervalMs: background ? PROJECTION_POLL_MS : 0,
  });
  return {
    projections: runner,
    inline: inline ? runner.inline : undefined,
    start: () => runner.start(),
    close: () => runner.stop(),
  };
}

/**
 * Kafka: worker processes relay committed events to Kafka, projector processes apply them, api processes
 * wait on the projectors' checkpoints. Pausing the platform's runner (tests emptying tables) pauses the relay
 * of this process too.
 */
export async function kafkaDelivery(
  config: Config,
  modules: readonly YomanModule[],
  projections: readonly Projection[],
  context: { db: Platform['db']; logger: Logger; role: ProcessRole; service?: string },
): Promise<Delivery> {
  const { db, logger, role } = context;
  const service = context.service ?? 'yoman';
  const prefix = config.kafkaTopicPrefix;
  const bus: KafkaEventBus = createKafkaEventBus({
    brokers: config.kafkaBrokers ?? [],
    clientId: `${prefix}${service}-${role}`,
    logger,
    topicPrefix: prefix,
    partitions: config.kafkaPartitions,
  });
  // One process running everything (tests, a single-node trial) creates its topics; the distributed roles
  // expect the prepare job to have created them.
  if (role === 'all') await bus.ensureTopics(topicsOfModules(modules, projections, prefix));
  const consumes = role === 'all' || role === 'projector';
  const runner = createKafkaProjectionRunner({
    db,
    projections,
    logger,
    topicPrefix: prefix,
    partitions: config.kafkaPartitions,
    consumer: consumes ? { bus, group: `${prefix}projector.${service}` } : undefined,
    notifications: {
      channel: notificationChannel('checkpoints', config.databaseSchema, prefix),
      connectionString: config.databaseUrl,
    },
  });
  const relay: OutboxRelay | undefined =
    role === 'all' || role === 'worker'
      ? createOutboxRelay({
          db,
          bus,
          logger,
          lockKey: relayLockKey(config.databaseSchema, prefix),
          wake: wakeOf(config),
        })
      : undefined;
  const projectionsWithRelay: EmbeddedProjectionRunner = {
    ...runner,
    async start() {
      await runner.start();
      await relay?.start();
    },
    async stop() {
      await relay?.stop();
      await runner.stop();
    },
  };
  return {
    projections: projectionsWithRelay,
    // Only a projector: a process serving routes stays ready while its consumer rejoins (reads still answer).
    memberships: role === 'projector' ? () => bus.memberships() : undefined,
    start: () => projectionsWithRelay.start(),
    async close() {
      await relay?.stop();
      await runner.stop();
      // A batch held by the pause would keep the consumer from leaving its group: it is refused instead.
      await runner.close();
      await bus.stop();
    },
  };
}

/** Where the relay hears of new appends: the events channel, over a connection of its own. */
function wakeOf(config: Config) {
  const channel = relayWakeChannel(config);
  return channel && config.databaseUrl ? { channel, connectionString: config.databaseUrl } : undefined;
}

/** The topics of these modules: one per module name and per module their projections read. */
function topicsOfModules(
  modules: readonly YomanModule[],
  projections: readonly Projection[],
  prefix: string,
) {
  const names = new Set(modules.map((module) => module.name).filter((name) => name !== 'platform'));
  for (const projection of projections) {
    for (const type of projection.handles) names.add(moduleOfEventType(type));
  }
  return [...names].map((name) => moduleTopic(name, prefix));
}
