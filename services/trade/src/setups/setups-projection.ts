import { parseSetupEvent, SETUP_EVENT_TYPES, type SetupEvent } from '@yoman/contracts';
import { batchedProjection, type Migration, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';
import { stampUsers } from '../analytics/analytics-projection';

/** `trade_setups`: each student's library setups as the setups screen and the trade command read them. */
export const setupsMigration: Migration = {
  name: '0308-trade-setups',
  async up(db) {
    await db.schema.createTable('trade_setups', (table) => {
      table.uuid('id').primary();
      table.text('user_id').notNullable();
      table.text('name').notNullable();
      table.text('description').notNullable();
      table.text('entry_rules').notNullable();
      table.text('exit_rules').notNullable();
      table.jsonb('checklist').notNullable();
      table.text('smc_context').notNullable();
      table.boolean('is_archived').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.index(['user_id']);
    });
  },
};

const fieldColumns = (data: Extract<SetupEvent, { type: 'trade.setup-edited.v1' }>['data']) => ({
  name: data.name,
  description: data.description,
  entry_rules: data.entryRules,
  exit_rules: data.exitRules,
  checklist: JSON.stringify(data.checklist),
  smc_context: data.smcContext,
});

/** Applies one setup event; each setup is one stream, so its events come in order. */
async function applySetupEvent(event: SetupEvent, trx: Knex.Transaction) {
  const setups = () => trx('trade_setups').where({ id: event.data.setupId });
  switch (event.type) {
    case 'trade.setup-created.v1':
      await trx('trade_setups')
        .insert({
          id: event.data.setupId,
          user_id: event.data.userId,
          ...fieldColumns({ ...event.data, editedAt: event.data.createdAt }),
          is_archived: false,
          created_at: event.data.createdAt,
          updated_at: event.data.createdAt,
        })
        .onConflict('id')
        .merge();
      return;
    case 'trade.setup-edited.v1':
      await setups().update({ ...fieldColumns(event.data), updated_at: event.data.editedAt });
      return;
    case 'trade.setup-archived.v1':
      await setups().update({ is_archived: true, updated_at: event.data.archivedAt });
      return;
    case 'trade.setup-restored.v1':
      await setups().update({ is_archived: false, updated_at: event.data.restoredAt });
      return;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The `trade_setups` read model, from the setup aggregate's events. */
export const setupsProjection: Projection = batchedProjection({
  name: 'trade_setups',
  handles: SETUP_EVENT_TYPES,
  parse: parseSetupEvent,
  applyEvents: async (events, trx) => {
    for (const event of events) await applySetupEvent(event, trx);
    await stampUsers(trx, 'trade_setup_stamps', [...new Set(events.map((event) => event.data.userId))]);
  },
  tables: ['trade_setups', 'trade_setup_stamps'],
  ownerOf: (event) => event.data.userId,
});
