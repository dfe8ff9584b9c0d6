import { relayMigration } from './event-bus/relay-migration';
import { eventsMigration } from './event-store/migration';
import { jobsMigration, recurringJobsMigration } from './jobs/migration';
import type { YomanModule } from './module';
import {
  partitionCheckpointsMigration,
  projectionFailureStreamsMigration,
  projectionsMigration,
} from './projections/migration';

/**
 * The platform's own tables: events, projection checkpoints (embedded and per Kafka partition) and failures,
 * jobs, the relay's checkpoint. Always migrated first.
 */
export const platformModule: YomanModule = {
  name: 'platform',
  migrations: [
    eventsMigration,
    projectionsMigration,
    jobsMigration,
    partitionCheckpointsMigration,
    relayMigration,
    recurringJobsMigration,
    projectionFailureStreamsMigration,
  ],
};
