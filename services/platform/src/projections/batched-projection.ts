import type { Knex } from 'knex';
import type { RecordedEvent } from '../event-store/types';
import { usersChanged } from '../read-cache/read-cache';
import { type Projection, UnreadableEventError } from './types';

export interface BatchedProjectionOptions<Event> {
  name: string;
  handles: readonly string[];
  /**
   * Reads a stored event; one of a handled type it cannot read (bad data) answers undefined, and the runner
   * records it in `projection_failures` and goes on with the others. Other types are not its business.
   */
  parse: (recorded: RecordedEvent) => Event | undefined;
  /** Applies events in position order; one event is a batch of one, so both paths leave the same rows. */
  applyEvents: (events: readonly Event[], trx: Knex.Transaction) => Promise<void>;
  /** The read model's tables, emptied in this order before a rebuild. */
  tables: readonly string[];
  /** The user whose rows an event changes: answers kept in memory for them are read anew (read-cache.ts). */
  ownerOf: (event: Event) => string;
}

/** A projection whose events are applied a batch at a time, with the one-event path and the reset that follow. */
export function batchedProjection<Event>(options: BatchedProjectionOptions<Event>): Projection {
  const readable = (events: readonly RecordedEvent[]) =>
    events.flatMap((recorded) => {
      const event = options.parse(recorded);
      if (event !== undefined) return [event];
      if (options.handles.includes(recorded.type)) throw new UnreadableEventError(recorded);
      return [];
    });
  const applyEvents = (events: readonly Event[], trx: Knex.Transaction) => {
    usersChanged(trx, events.map(options.ownerOf));
    return options.applyEvents(events, trx);
  };
  return {
    name: options.name,
    handles: options.handles,
    apply: (recorded, trx) => applyEvents(readable([recorded]), trx),
    applyBatch: (recorded, trx) => applyEvents(readable(recorded), trx),
    async reset(trx) {
      for (const table of options.tables) await trx(table).delete();
    },
  };
}
