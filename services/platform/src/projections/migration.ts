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
