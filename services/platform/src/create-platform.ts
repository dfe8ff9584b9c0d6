import type { Logger } from 'pino';
import { type Config, IN_MEMORY_DATA_DIR } from './config/config';
import { claimDataDirectory } from './db/data-dir-lock';
import { createDatabase, ensureSchema, initialiseEmbeddedDirectory } from './db/database';
import { runMigrations } from './db/migrations';
import { embeddedDelivery, kafkaDelivery, type ProcessRole, relayWakeChannel } from './event-delivery';

export { PROCESS_ROLES, type ProcessRole } from './event-delivery';

import { APPEND_GATHER_MS, createEventStore } from './event-store/postgres-event-store';
import { createBullmqJobs } from './jobs/bullmq-jobs';
import { refusalsAsOutcomes } from './jobs/domain-outcome';
import { createEmbeddedJobs } from './jobs/embedded-jobs';
import { createLogger } from './logging/logger';
import type { YomanModule } from './module';
import { loadModuleSettings } from './module-settings';
import type { Clock, Platform } from './platform';
import { platformModule } from './platform-module';
import type { EmbeddedProjectionRunner } from './projections/projection-runner';
import { createReadCache, readCacheable } from './read-cache/read-cache';

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

export interface PlatformOptions {
  /** Default `all`. The roles other than `all` need `DATABASE_URL` and `KAFKA_BROKERS`. */
  role?: ProcessRole;
  /** Names this process's consumer group and Kafka client (`trade` → `yoman.projector.trade`). */
  service?: string;
  clock?: Clock;
  logger?: Logger;
  /**
   * Start the background loops (projection safety-net poll, job poll). Default true; the test harness turns
   * them off and drives catch-up and `runDueJobs` itself.
   */
  background?: boolean;
}

export interface RunningPlatform {
  platform: Platform;
  /** The projection runner with its embedded-mode extras (replay reports). */
  projections: EmbeddedProjectionRunner;
  /** Stops the loops and closes the database. */
  close(): Promise<void>;
}

/** Room for the answers embedded mode keeps in memory (read-cache.ts): a month of hundreds of students. */
const READ_CACHE_BYTES = 48 * 1024 * 1024;

/** Opens the database, runs every migration, and wires the event store, projections and jobs of `modules`. */
export async function createPlatform(
  config: Config,
  modules: readonly YomanModule[],
  options: PlatformOptions = {},
): Promise<RunningPlatform> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const background = options.background ?? true;
  // Before anything opens: a module's bad variable stops start-up with its one-line ConfigError.
  const settings = loadModuleSettings(config, modules);
  const embeddedOnDisk = !config.databaseUrl && !config.dataDir.startsWith(IN_MEMORY_DATA_DIR);
  const releaseDataDir = embeddedOnDisk ? claimDataDirectory(config.dataDir) : () => {};
  try {
    await initialiseEmbeddedDirectory(config);
  } catch (error) {
    releaseDataDir();
    throw error;
  }
  const db = createDatabase(config);
  const closeDatabase = async () => {
    await db.destroy();
    releaseDataDir();
  };
  try {
    await ensureSchema(db, config.databaseSchema);
    await runMigrations(db, [platformModule, ...modules]);
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const role = options.role ?? 'all';
  const allProjections = modules.flatMap((module) => module.projections ?? []);
  const delivery = config.kafkaBrokers
    ? await kafkaDelivery(config, modules, allProjections, { db, logger, role, service: options.service })
    : embeddedDelivery(db, allProjections, logger, background, role, !config.databaseUrl);
  const { projections } = delivery;
  // Job handlers receive the platform that holds the jobs: a cycle closed through a function.
  // With REDIS_URL the jobs live in BullMQ (the distributed mode); without it, in the embedded scheduler.
  const runsJobs = role === 'all' || role === 'worker';
  const jobs = config.redisUrl
    ? createBullmqJobs({
        redisUrl: config.redisUrl,
        clock,
        logger,
        platform: () => platform,
        // One queue per service: a worker only takes jobs it has handlers for.
        queueName:
          config.jobsQueue ??
          (options.service ? `${config.kafkaTopicPrefix}jobs.${options.service}` : undefined),
        work: runsJobs,
      })
    : createEmbeddedJobs(db, {
        clock,
        logger,
        platform: () => platform,
        pollIntervalMs: background && runsJobs ? undefined : 0,
      });
  const eventStore = createEventStore(db, {
    clock,
    onCommitted: (last) => projections.notify(last),
    notifyChannel: relayWakeChannel(config),
    // Only on PGlite (docs/decisions.md): on PostgreSQL a group appends in one statement, and with Kafka
    // the projectors are other processes.
    inline: delivery.inline,
    // Where a group's transaction also writes every read model, a bigger group shares more of it.
    gatherMs: delivery.inline ? APPEND_GATHER_MS : undefined,
    // The embedded scheduler's jobs are rows of this database: a command's jobs commit with its events.
    storeJobs: jobs.storeInTransaction,
  });
  const readCache =
    readCacheable(config) && role === 'all' ? createReadCache({ maxBytes: READ_CACHE_BYTES }) : undefined;
  const platform: Platform = {
    config,
    db,
    eventStore,
    projections,
    jobs,
    clock,
    logger,
    readCache,
    consumerGroups: delivery.memberships,
    settingsOf: settings,
  };
  const stopAll = async () => {
    readCache?.close();
    await platform.jobs.stop();
    await delivery.close();
    await closeDatabase();
  };
  try {
    for (const module of modules) {
      for (const [name, handler] of Object.entries(module.jobs ?? {})) {
        platform.jobs.register(name, refusalsAsOutcomes(name, handler, logger));
      }
    }
    await delivery.start();
    await platform.jobs.start();
    // Only where jobs run: an api process must start even while Redis is away.
    if (runsJobs) {
      for (const module of modules) {
        for (const recurring of module.schedules ?? []) await platform.jobs.every(recurring);
      }
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    platform,
    projections,
    close() {
      closing ??= stopAll();
      return closing;
    },
  };
}
