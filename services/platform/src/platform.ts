import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config/config';
import type { ModuleConfigSpec } from './config/variables';
import type { GroupMembership } from './event-bus/types';
import type { EventStore } from './event-store/types';
import type { Jobs } from './jobs/types';
import type { ProjectionRunner } from './projections/types';
import type { ReadCache } from './read-cache/read-cache';

/** The clock, injected everywhere so tests and the session clock can fix time. */
export interface Clock {
  now(): Date;
}

/** What every module's routes and jobs may use; decorated on Fastify as `app.platform`. */
export interface Platform {
  config: Config;
  db: Knex;
  eventStore: EventStore;
  projections: ProjectionRunner;
  jobs: Jobs;
  clock: Clock;
  logger: Logger;
  /**
   * Answers kept in memory until a projection changes what they were read from: only in embedded mode, where
   * every projection runs in this process (see read-cache.ts); undefined elsewhere.
   */
  readCache?: ReadCache;
  /**
   * A projector process's Kafka consumer groups and whether it is a member of each now: `/readyz` answers 503
   * while it is not (joining again after a crash or a rebalance); undefined in every other process.
   */
  consumerGroups?: () => readonly GroupMembership[];
  /** The settings a mounted module declared with `spec`, validated at start; throws for a spec not mounted. */
  settingsOf<S>(spec: ModuleConfigSpec<S>): S;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
