import type { Knex } from 'knex';
import {
  analyticsMigration,
  analyticsMonthsMigration,
  analyticsRunsMigration,
} from './analytics/analytics-migration';
import { callerGoalsMigration, callerProfilesMigration } from './callers/caller-profiles-projection';
import { tradeFxRatesMigration } from './rates/trade-fx-rates-projection';
import { setupsMigration } from './setups/setups-projection';

// Read models of the trade module (ARCHITECTURE §3). Prices and money are numeric without a fixed scale,
// so a price is read back exactly as it was written ('1.105', '500.00').

async function createTradesTable(db: Knex) {
  await db.schema.createTable('trades', (table) => {
    table.uuid('id').primary();
    table.text('user_id').notNullable();
    table.text('organisation_id');
    table.text('symbol').notNullable();
    table.text('asset_type').notNullable();
    table.text('direction').notNullable();
    table.text('session').notNullable();
    table.text('setup').notNullable();
    for (const column of [
      'entry_price',
      'exit_price',
      'position_size',
      'fees',
      'pnl_usd',
      'pnl_ils',
      'usd_to_ils_rate',
    ]) {
      table.decimal(column, null).notNullable();
    }
    for (const column of ['stop_price', 'target_price', 'point_value', 'r_multiple'])
      table.decimal(column, null);
    table.date('rate_date');
    table.timestamp('entry_time', { useTz: true }).notNullable();
    table.timestamp('exit_time', { useTz: true }).notNullable();
    table.text('timezone').notNullable();
    table.text('notes');
    table.text('screenshot_url');
    table.boolean('is_locked').notNullable().defaultTo(false);
    table.timestamp('lock_at', { useTz: true }).notNullable();
    table.integer('trust_score').notNullable();
    table.timestamp('logged_at', { useTz: true }).notNullable();
    table.index(['user_id', 'exit_time']);
    table.index(['organisation_id', 'exit_time']);
  });
}

async function createDailyAggregateTables(db: Knex) {
  // One row per live trade with what its day needs; each day is recomputed from these rows.
  await db.schema.createTable('daily_aggregate_trades', (table) => {
    table.uuid('trade_id').primary();
    table.text('user_id').notNullable();
    table.date('date').notNullable();
    table.text('session').notNullable();
    table.decimal('r_multiple', null);
    table.decimal('pnl_usd', null).notNullable();
    table.decimal('pnl_ils', null).notNullable();
    table.boolean('has_screenshot').notNullable();
    table.integer('trust_score').notNullable();
    table.index(['user_id', 'date']);
  });
  await db.schema.createTable('daily_aggregates', (table) => {
    table.text('user_id').notNullable();
    table.date('date').notNullable();
    table.decimal('net_r', null).notNullable();
    table.decimal('net_pnl_ils', null).notNullable();
    table.integer('total_trades').notNullable();
    table.integer('winning_trades').notNullable();
    table.integer('r_trades').notNullable();
    table.boolean('all_have_screenshots').notNullable();
    table.boolean('has_low_trust').notNullable();
    for (const session of ['asia', 'london', 'new_york']) {
      table.decimal(`${session}_net_r`, null).notNullable();
      table.integer(`${session}_trades`).notNullable();
    }
    table.primary(['user_id', 'date']);
  });
}

async function createScreenshotsTable(db: Knex) {
  await db.schema.createTable('trade_screenshots', (table) => {
    table.uuid('id').primary();
    table.text('user_id').notNullable();
    table.text('organisation_id');
    table.text('content_type');
    table.binary('content');
    table.integer('size_bytes');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('uploaded_at', { useTz: true });
  });
}

/** Each screenshot's SHA-256, computed when its slot is filled, and the hash a trade's screenshot was attached with. */
async function addScreenshotHashes(db: Knex) {
  await db.schema.alterTable('trade_screenshots', (table) => table.text('sha256'));
  await db.schema.alterTable('trades', (table) => table.text('screenshot_sha256'));
  await db('trade_screenshots')
    .whereNotNull('content')
    .update({ sha256: db.raw("encode(sha256(content), 'hex')") });
}

/**
 * The list's keyset (user, exit time, id) in one index, read backwards for newest first: a page after a cursor
 * starts at its row; it replaces (user_id, exit_time). (organisation_id, exit_time) goes: no query reads it, and
 * the planner took it for a user's month. Open trades by lock time, for the overdue-locks sweep.
 */
async function addReadIndexes(db: Knex) {
  await db.schema.alterTable('trades', (table) => {
    table.dropIndex(['user_id', 'exit_time']);
    table.dropIndex(['organisation_id', 'exit_time']);
    table.index(['user_id', 'exit_time', 'id'], 'trades_user_id_exit_time_id_index');
  });
  await db.raw('create index trades_open_lock_at_index on ?? (lock_at) where not is_locked', ['trades']);
}

async function addTradeSetupColumn(db: Knex) {
  await db.schema.alterTable('trades', (table) => {
    table.uuid('setup_id');
  });
}

/** The trade module's tables: its read models (trades, daily aggregates, callers, rates) and uploaded screenshots. */
export const tradeMigrations = [
  { name: '0300-trade-trades', up: createTradesTable },
  { name: '0301-trade-daily-aggregates', up: createDailyAggregateTables },
  { name: '0302-trade-screenshots', up: createScreenshotsTable },
  callerProfilesMigration,
  tradeFxRatesMigration,
  { name: '0305-trade-read-indexes', up: addReadIndexes },
  { name: '0306-trade-trades-setup', up: addTradeSetupColumn },
  callerGoalsMigration,
  setupsMigration,
  analyticsMigration,
  { name: '0310-trade-screenshot-hashes', up: addScreenshotHashes },
  analyticsMonthsMigration,
  analyticsRunsMigration,
];
