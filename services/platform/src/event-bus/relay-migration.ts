import type { Migration } from '../module';

/**
 * Where each outbox relay got to: the last event position it published, one row per relay name. Runs after
 * the `0000-platform-*` migrations; the platform module registers it.
 */
export const relayMigration: Migration = {
  name: '0001-platform-relay-checkpoints',
  async up(db) {
    await db.schema.createTable('relay_checkpoints', (table) => {
      table.text('name').primary();
      table.bigInteger('position').notNullable().defaultTo(0);
      table.timestamp('updated_at', { useTz: true });
    });
  },
};
