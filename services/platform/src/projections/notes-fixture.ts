import type { YomanModule } from '../module';
import type { Projection } from './types';

// The notes read models the projection runner's tests (and inline delivery's) apply events to.

/** Counts notes per author: an upsert, so it is naturally idempotent only through the checkpoint. */
export const notesPerAuthor: Projection = {
  name: 'notes-per-author',
  handles: ['note.written.v1', 'note.deleted.v1'],
  async apply(event, trx) {
    const { author } = event.data as { author: string };
    if (author === 'explode') throw new Error('cannot read this note');
    const delta = event.type === 'note.written.v1' ? 1 : -1;
    await trx('notes_per_author')
      .insert({ author, notes: delta, last_position: event.position })
      .onConflict('author')
      // The greatest position, not the latest applied: on Kafka two streams' events arrive in either order.
      .merge({
        notes: trx.raw('notes_per_author.notes + ?', [delta]),
        last_position: trx.raw('greatest(notes_per_author.last_position, ?)', [event.position]),
      });
  },
  async reset(trx) {
    await trx('notes_per_author').delete();
  },
};

/** Lists each delivered position, to see exactly what the relay delivered and in which order. */
export const deliveredLog: Projection = {
  name: 'delivered-log',
  handles: ['note.written.v1'],
  async apply(event, trx) {
    await trx('delivered_log').insert({ position: event.position });
  },
  async reset(trx) {
    await trx('delivered_log').delete();
  },
};

export const notesModule: YomanModule = {
  name: 'notes',
  migrations: [
    {
      name: '0001-notes-read-models',
      async up(db) {
        await db.schema.createTable('notes_per_author', (table) => {
          table.text('author').primary();
          table.integer('notes').notNullable();
          table.bigInteger('last_position').notNullable();
        });
        await db.schema.createTable('delivered_log', (table) => {
          table.bigIncrements('id');
          table.bigInteger('position').notNullable();
        });
      },
    },
  ],
  projections: [notesPerAuthor, deliveredLog],
};

/** A note by `author`; the author 'explode' is one `notesPerAuthor` cannot apply. */
export const written = (author: string) => ({ type: 'note.written.v1', data: { author } });
