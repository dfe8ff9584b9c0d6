import { eventsMigration } from './event-store/migration';
import { jobsMigration } from './jobs/migration';
import type { YomanModule } from './module';
import { projectionsMigration } from './projections/migration';

/** The platform's own tables: events, projection checkpoints and failures, jobs. Always migrated first. */
export const platformModule: YomanModule = {
  name: 'platform',
  migrations: [eventsMigration, projectionsMigration, jobsMigration],
};
