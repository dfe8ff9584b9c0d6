import {
  DEFAULT_DISPLAY_SETTINGS,
  identityEventSchemas,
  organisationEventSchemas,
  SETTINGS_TIME_ZONES,
} from '@yoman/contracts';
import {
  type Migration,
  type Projection,
  type RecordedEvent,
  readModelChanged,
  usersChanged,
} from '@yoman/platform';
import type { Knex } from 'knex';

/**
 * What the trade module keeps of identity, fed by identity's events (never by reading identity's tables): each
 * user's display zone, in which days and periods are read (and, since 0307, their monthly goal in R), and each
 * organisation's lock policy.
 */
export const callerProfilesMigration: Migration = {
  name: '0303-trade-caller-profiles',
  async up(db) {
    await db.schema.createTable('trade_caller_zones', (table) => {
      table.text('user_id').primary();
      table.text('timezone').notNullable();
    });
    await db.schema.createTable('trade_lock_policies', (table) => {
      table.text('organisation_id').primary();
      table.integer('trade_lock_hours').notNullable();
      table.boolean('weekend_locking').notNullable();
    });
  },
};

/** The read-cache scope of a user's `trade_caller_zones` row, announced whenever it is written. */
export const callerZoneScope = (userId: string) => `trade-caller-zone:${userId}`;
/** The read-cache scope of an organisation's `trade_lock_policies` row, announced whenever it is written. */
export const lockPolicyScope = (organisationId: string) => `trade-lock-policy:${organisationId}`;

const HANDLED = [
  'identity.user-registered.v1',
  'identity.settings-changed.v1',
  'identity.organisation-created.v1',
  'identity.lock-policy-changed.v1',
] as const;

type Row =
  | {
      table: 'trade_caller_zones';
      key: 'user_id';
      row: { user_id: string; timezone: string; monthly_goal_r: number };
    }
  | {
      table: 'trade_lock_policies';
      key: 'organisation_id';
      row: { organisation_id: string; trade_lock_hours: number; weekend_locking: boolean };
    };

/** The row an identity event sets, if any; an event it cannot read sets none. */
function rowOf(event: Pick<RecordedEvent, 'type' | 'data'>): Row | undefined {
  switch (event.type) {
    case 'identity.user-registered.v1': {
      const parsed = identityEventSchemas[event.type].safeParse(event.data);
      if (!parsed.success) return undefined;
      const row = {
        user_id: parsed.data.userId,
        timezone: DEFAULT_DISPLAY_SETTINGS.timezone,
        monthly_goal_r: DEFAULT_DISPLAY_SETTINGS.monthlyGoalR,
      };
      return { table: 'trade_caller_zones', key: 'user_id', row };
    }
    case 'identity.settings-changed.v1': {
      const parsed = identityEventSchemas[event.type].safeParse(event.data);
      if (!parsed.success || parsed.data.section !== 'display') return undefined;
      const { timezone, monthlyGoalR } = parsed.data.values;
      if (!(SETTINGS_TIME_ZONES as readonly string[]).includes(timezone)) return undefined;
      const row = { user_id: parsed.data.userId, timezone, monthly_goal_r: monthlyGoalR };
      return { table: 'trade_caller_zones', key: 'user_id', row };
    }
    case 'identity.organisation-created.v1':
    case 'identity.lock-policy-changed.v1': {
      const parsed = organisationEventSchemas[event.type].safeParse(event.data);
      if (!parsed.success) return undefined;
      const { organisationId, tradeLockHours, weekendLocking } = parsed.data;
      const row = {
        organisation_id: organisationId,
        trade_lock_hours: tradeLockHours,
        weekend_locking: weekendLocking,
      };
      return { table: 'trade_lock_policies', key: 'organisation_id', row };
    }
    default:
      return undefined;
  }
}

/**
 * Zones and lock policies from identity's events. A registration sets the default zone and a later display
 * change replaces it (one user's stream keeps its order); organisations are streams of their own, kept in a
 * table of their own, so the two come out the same in any order across streams.
 */
export const callerProfilesProjection: Projection = {
  name: 'trade_caller_profiles',
  handles: HANDLED,
  async apply(event: RecordedEvent, trx: Knex.Transaction) {
    const change = rowOf(event);
    if (!change) return;
    await trx(change.table).insert(change.row).onConflict(change.key).merge();
    if (change.table === 'trade_caller_zones') {
      usersChanged(trx, [change.row.user_id]);
      readModelChanged(trx, [callerZoneScope(change.row.user_id)]);
    } else {
      readModelChanged(trx, [lockPolicyScope(change.row.organisation_id)]);
    }
  },
  async reset(trx) {
    await trx('trade_caller_zones').delete();
    await trx('trade_lock_policies').delete();
  },
};

/** The monthly goal in R beside the zone (display settings, rules §3), for the dashboard's progress. */
export const callerGoalsMigration: Migration = {
  name: '0307-trade-caller-goals',
  async up(db) {
    await db.schema.alterTable('trade_caller_zones', (table) => {
      table.decimal('monthly_goal_r', null);
    });
  },
};
