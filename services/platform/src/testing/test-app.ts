import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { createPlatform, type RunningPlatform } from '../create-platform';
import { createHttpApp } from '../http/http-app';
import type { YomanModule } from '../module';
import type { Platform } from '../platform';
import { resetDatabase } from './reset-database';
import { createTestClock, type TestClock } from './test-clock';
import { testConfig } from './test-config';

export interface TestAppOptions {
  modules: readonly YomanModule[];
  plugins?: readonly FastifyPluginAsync[];
  clock?: TestClock;
  config?: Partial<Config>;
  /** Defaults to a silent logger; pass one to assert on what was logged. */
  logger?: Logger;
}

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  clock: TestClock;
  /** The running platform, with the projection runner's replay reports. */
  running: RunningPlatform;
  /** Empties every table (not the migrations) between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole HTTP app of `modules` on an in-memory PGlite with a settable clock and no background loops
 * (projections catch up on each command; jobs run when a test calls `platform.jobs.runDueJobs`).
 * Build it once per test file and `reset()` between tests.
 */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const clock = options.clock ?? createTestClock();
  const config = testConfig(options.config);
  const running = await createPlatform(config, options.modules, {
    clock,
    logger: options.logger,
    background: false,
  });
  const { platform } = running;
  const app = await createHttpApp({ platform, modules: options.modules, plugins: options.plugins });
  await app.ready();
  return {
    app,
    platform,
    clock,
    running,
    reset: () => resetDatabase(platform),
    async close() {
      await app.close();
      // A schema named after a data directory stands for that directory: it outlives a restart.
      const schema = options.config?.dataDir ? undefined : config.databaseSchema;
      if (schema) {
        // A catch-up still in flight would deadlock with the drop.
        await platform.projections.stop();
        await platform.db.raw('drop schema if exists ?? cascade', [schema]);
      }
      await running.close();
    },
  };
}
