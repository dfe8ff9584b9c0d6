import type { Migration } from '@yoman/platform';
import type { Knex } from 'knex';
import { trimGroupSums } from './group-rows';
import { fillMonthRuns, fillMonthSequences } from './sequence-rows';

/** The sums every group row carries (see `GroupSums`); R and minutes stay exact numerics. */
function sumColumns(table: Knex.CreateTableBuilder) {
  for (const column of ['trades', 'wins', 'losses', 'r_trades', 'loss_r_trades', 'screenshots'])
    table.integer(column).notNullable();
  for (const column of ['net_r', 'loss_r', 'hold_minutes']) table.decimal(column, null).notNullable();
}

/** A sequence summary's columns (see `DaySequence`). */
function sequenceColumns(table: Knex.CreateTableBuilder) {
  table.integer('trades').notNullable();
  for (const column of ['net_r', 'peak', 'trough', 'drawdown']) table.decimal(column, null).notNullable();
  for (const column of ['first_run', 'last_run', 'max_win_run', 'max_loss_run'])
    table.integer(column).notNullable();
}

/**
 * The analytics read model (rules §8), kept by `analyticsProjection` from the trade events:
 * - `trade_analytics_trades`: one row per live trade with what the figures need, in its owner's zone;
 * - `trade_analytics_groups`: sums per user, grain (`day` 'yyyy-MM-dd', `month` 'yyyy-MM', `all` ''),
 *   dimension (total, session, setup, symbol, hour, weekday, heat, bucket) and key, so a period is a handful
 *   of rows whatever its number of trades;
 * - `trade_analytics_days`: each day's sequence summary (drawdown and runs), composable across days;
 * - `trade_analytics_streaks`: each user's all-time streaks;
 * - `trade_analytics_members`: each user's organisation (from their latest logged trade), for the comparison;
 * - `trade_analytics_stamps` and `trade_setup_stamps`: a fresh random stamp per user each time their figures or
 *   setups change, so an answer computed once can be reused until then (never equal across rebuilds).
 */
export const analyticsMigration: Migration = {
  name: '0309-trade-analytics',
  async up(db) {
    await db.schema.createTable('trade_analytics_trades', (table) => {
      table.uuid('trade_id').primary();
      table.text('user_id').notNullable();
      table.text('date').notNullable();
      table.timestamp('exit_time', { useTz: true }).notNullable();
      table.integer('entry_hour').notNullable();
      table.integer('entry_weekday').notNullable();
      table.text('session').notNullable();
      table.text('setup_key').notNullable();
      table.text('symbol').notNullable();
      table.decimal('r_multiple', null);
      table.text('r_bucket');
      table.integer('outcome').notNullable();
      table.decimal('hold_minutes', null).notNullable();
      table.boolean('has_screenshot').notNullable();
      table.index(['user_id', 'date']);
    });
    await db.schema.createTable('trade_analytics_groups', (table) => {
      table.text('user_id').notNullable();
      table.text('grain').notNullable();
      table.text('period').notNullable();
      table.text('dimension').notNullable();
      table.text('key').notNullable();
      sumColumns(table);
      table.primary(['user_id', 'grain', 'period', 'dimension', 'key']);
    });
    await db.schema.createTable('trade_analytics_days', (table) => {
      table.text('user_id').notNullable();
      table.text('date').notNullable();
      sequenceColumns(table);
      table.primary(['user_id', 'date']);
    });
    await db.schema.createTable('trade_analytics_streaks', (table) => {
      table.text('user_id').primary();
      table.integer('current_streak').notNullable();
      table.integer('max_win_streak').notNullable();
      table.integer('max_loss_streak').notNullable();
    });
    await db.schema.createTable('trade_analytics_members', (table) => {
      table.text('user_id').primary();
      table.text('organisation_id').notNullable();
      table.timestamp('logged_at', { useTz: true }).notNullable();
      table.index(['organisation_id']);
    });
    for (const name of ['trade_analytics_stamps', 'trade_setup_stamps']) {
      await db.schema.createTable(name, (table) => {
        table.text('user_id').primary();
        table.uuid('stamp').notNullable();
      });
    }
  },
};

/**
 * `trade_analytics_months`: each month's sequence summary, composed from its days, so all-time streaks
 * compose a user's months; filled here from the days already kept. The all-time group rows, now kept by
 * adding and taking away months, store their exact sums in their shortest text as a rebuild would.
 */
export const analyticsMonthsMigration: Migration = {
  name: '0311-trade-analytics-months',
  async up(db) {
    await db.schema.createTable('trade_analytics_months', (table) => {
      table.text('user_id').notNullable();
      table.text('month').notNullable();
      sequenceColumns(table);
      table.primary(['user_id', 'month']);
    });
    await fillMonthSequences(db);
    await db.raw(
      `update trade_analytics_groups
       set net_r = trim_scale(net_r), loss_r = trim_scale(loss_r), hold_minutes = trim_scale(hold_minutes)
       where grain = 'all'`,
    );
  },
};

/**
 * The analytics projection's per-save cost made independent of the history and of the day's size: each
 * month row keeps the runs of its owner's months up to it (so streaks read no earlier month), the trades of a
 * day are indexed in exit order (so a save finds the day's last trade in one probe), and the day and month
 * group rows, now kept by adding and taking away facts, store their exact sums in their shortest text.
 */
export const analyticsRunsMigration: Migration = {
  name: '0312-trade-analytics-runs',
  async up(db) {
    await db.schema.alterTable('trade_analytics_months', (table) => {
      for (const column of ['trades', 'first_run', 'last_run', 'max_win_run', 'max_loss_run'])
        table.integer(`through_${column}`).notNullable().defaultTo(0);
    });
    await fillMonthRuns(db);
    await db.schema.alterTable('trade_analytics_trades', (table) => {
      table.dropIndex(['user_id', 'date']);
      table.index(['user_id', 'date', 'exit_time', 'trade_id']);
    });
    await trimGroupSums(db);
  },
};
