import type { Migration } from '../module';

/** Scheduled jobs as rows, so they survive a restart of the embedded scheduler. */
export const jobsMigration: Migration = {
  name: '0000-platform-jobs',
  async up(db) {
    await db.schema.createTable('jobs', (table) => {
      table.text('id').primary();
      table.text('name').notNullable();
      table.timestamp('run_at', { useTz: true }).notNullable();
      table.jsonb('payload').notNullable();
      table.text('status').notNullable().defaultTo('scheduled');
      table.integer('attempts').notNullable().defaultTo(0);
      table.text('last_error');
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.index(['status', 'run_at']);
    });
  },
};

/** Recurring work (`Jobs.every`): a row that schedules itself again after each run keeps its recurrence. */
export const recurringJobsMigration: Migration = {
  name: '0001-platform-jobs-recurrence',
  async up(db) {
    await db.schema.alterTable('jobs', (table) => {
      table.jsonb('recurrence');
    });
  },
};
