import type { Migration } from '../module';

/** The append-only event log (ARCHITECTURE §3). */
export const eventsMigration: Migration = {
  name: '0000-platform-events',
  async up(db) {
    await db.schema.createTable('events', (table) => {
      table.bigIncrements('position').primary();
      table.text('stream_id').notNullable();
      table.text('stream_type').notNullable();
      table.integer('version').notNullable();
      table.text('type').notNullable();
      table.jsonb('data').notNullable();
      table.jsonb('metadata').notNullable().defaultTo('{}');
      table.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.unique(['stream_id', 'version']);
      table.index(['type', 'position']);
    });
  },
};
