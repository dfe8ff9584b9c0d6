import type { Migration } from '../module';

/** Projector checkpoints, and the events a projection could not apply (kept for an operator to look at). */
export const projectionsMigration: Migration = {
  name: '0000-platform-projections',
  async up(db) {
    await db.schema.createTable('projection_checkpoints', (table) => {
      table.text('name').primary();
      table.bigInteger('position').notNullable().defaultTo(0);
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.createTable('projection_failures', (table) => {
      table.bigIncrements('id').primary();
      table.text('projection').notNullable();
      table.bigInteger('position').notNullable();
      table.text('event_type').notNullable();
      table.text('error').notNullable();
      table.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.unique(['projection', 'position']);
    });
  },
};

/**
 * Checkpoints of the Kafka projectors: one per projection, topic and partition, written in the transaction
 * that applies the partition's events, so a redelivered batch is recognised and skipped.
 */
export const partitionCheckpointsMigration: Migration = {
  name: '0001-platform-partition-checkpoints',
  async up(db) {
    await db.schema.createTable('projection_partition_checkpoints', (table) => {
      table.text('projection').notNullable();
      table.text('topic').notNullable();
      table.integer('partition').notNullable();
      table.bigInteger('position').notNullable().defaultTo(0);
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.primary(['projection', 'topic', 'partition']);
    });
  },
};

/** The stream of an event a projection skipped, so an operator can find the aggregate it belongs to. */
export const projectionFailureStreamsMigration: Migration = {
  name: '0002-platform-projection-failure-streams',
  async up(db) {
    await db.schema.alterTable('projection_failures', (table) => {
      table.text('stream_id');
    });
  },
};
