import type { Config } from '../config/config';
import { createPlatform, type PlatformOptions, type RunningPlatform } from '../create-platform';
import type { YomanModule } from '../module';
import { testConfig } from './test-config';

/**
 * The platform alone (no HTTP) on a test database, no background loops. On a shared Postgres server
 * (`YOMAN_TEST_DATABASE_URL`) its throwaway schema is dropped on close.
 */
export async function createTestPlatform(
  modules: readonly YomanModule[],
  options: PlatformOptions & { config?: Partial<Config> } = {},
): Promise<RunningPlatform> {
  const config = testConfig(options.config);
  const running = await createPlatform(config, modules, {
    ...options,
    background: options.background ?? false,
  });
  const schema = options.config?.dataDir ? undefined : config.databaseSchema;
  return {
    ...running,
    async close() {
      if (schema) {
        // A catch-up still in flight would deadlock with the drop.
        await running.platform.projections.stop();
        await running.platform.db.raw('drop schema if exists ?? cascade', [schema]);
      }
      await running.close();
    },
  };
}
