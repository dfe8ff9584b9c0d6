import type { Migration } from '@yoman/platform';

// Sessions, credentials, login failures and uploads are plain rows: they are operational state, not
// business history, and must be revocable or erasable without rewriting the event log.
const createIdentityTables: Migration = {
  name: '0100-identity-tables',
  async up(db) {
    await db.schema.createTable('organisations', (table) => {
      table.text('id').primary();
      table.text('name').notNullable();
      table.integer('trade_lock_hours').notNullable().defaultTo(24);
      table.boolean('weekend_locking').notNullable().defaultTo(true);
      table.timestamp('created_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('identity_credentials', (table) => {
      table.text('user_id').primary();
      table.text('email_key').notNullable().unique();
      table.text('username_key').notNullable().unique();
      table.text('password_hash').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('users', (table) => {
      table.text('id').primary();
      table.text('username').notNullable();
      table.text('email').notNullable();
      table.text('display_name').notNullable();
      table.text('role').notNullable();
      table.text('organisation_id');
      table.text('profile_image');
      table.text('bio').notNullable().defaultTo('');
      table.boolean('public_profile').notNullable().defaultTo(false);
      table.timestamp('registered_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('user_settings', (table) => {
      table.text('user_id').primary();
      table.jsonb('display').notNullable();
      table.jsonb('sharing').notNullable();
      table.jsonb('integrations').notNullable();
    });
    await db.schema.createTable('sessions', (table) => {
      table.text('id').primary();
      table.text('device_id').notNullable().unique();
      table.text('user_id').notNullable().index();
      table.boolean('remember_me').notNullable();
      table.text('device_name').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('last_active_at', { useTz: true }).notNullable();
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.timestamp('revoked_at', { useTz: true });
    });
    await db.schema.createTable('login_failures', (table) => {
      table.bigIncrements('id');
      table.text('subject').notNullable();
      table.timestamp('failed_at', { useTz: true }).notNullable();
      table.index(['subject', 'failed_at']);
    });
    await db.schema.createTable('profile_uploads', (table) => {
      table.text('token').primary();
      table.text('user_id').notNullable().index();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.text('file_name').unique();
      table.text('content_type');
      table.integer('size_bytes');
      table.timestamp('uploaded_at', { useTz: true });
    });
  },
};

/** One row counting every revocation: gateway processes compare it to what their session caches saw. */
const createSessionRevocations: Migration = {
  name: '0110-identity-session-revocations',
  async up(db) {
    await db.schema.createTable('session_revocations', (table) => {
      table.integer('id').primary();
      table.bigInteger('version').notNullable();
    });
  },
};

export const identityMigrations: Migration[] = [createIdentityTables, createSessionRevocations];
