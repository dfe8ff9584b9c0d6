import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import type { ModuleConfigSpec } from './config/variables';
import type { DeclaredRoute } from './http/route-access';
import type { JobHandler, RecurringJobRequest } from './jobs/types';
import type { Projection } from './projections/types';

/** One database migration of a module; names are unique across the app and sort in run order. */
export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
}

/**
 * A capability of Yoman (identity, trades, market …) as the platform sees it: its tables, the read models
 * it projects from events, the jobs it runs and the /api routes it serves. The gateway composes modules;
 * a stand-alone service process mounts one.
 */
export interface YomanModule {
  name: string;
  migrations: Migration[];
  projections?: Projection[];
  jobs?: Record<string, JobHandler>;
  /** Recurring work registered with `platform.jobs.every` where jobs run (registering again changes nothing). */
  schedules?: readonly RecurringJobRequest[];
  /** Registered under the `/api` prefix with the platform decorations available. */
  routes?: FastifyPluginAsync;
  /**
   * The /api calls `routes` serves, from the contracts' route table, each with its access: the HTTP app checks
   * access from it on every request and refuses at start-up a route registered without a declaration.
   */
  declaredRoutes?: readonly DeclaredRoute[];

  // ---- configuration (issue 11, item 6)
  /**
   * The module's own environment variables (`defineModuleConfig`), validated when the platform starts; the
   * module reads them with `platform.settingsOf(spec)`.
   */
  config?: ModuleConfigSpec;
}
