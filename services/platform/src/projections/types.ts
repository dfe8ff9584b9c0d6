import type { Knex } from 'knex';
import type { RecordedEvent } from '../event-store/types';

/**
 * A read model built from events. `apply` runs inside the transaction that also advances the projector's
 * checkpoint, so a replayed or duplicated delivery changes nothing. An event it cannot read or store, it throws
 * on (an `UnreadableEventError` for bad data): the runner records it in `projection_failures`, where the
 * operator sees it (`/readyz`, `npm run projections:failures`), and goes on with the next; it never blocks.
 */
export interface Projection {
  name: string;
  /** Event types this projection reads; others are not delivered. */
  handles: readonly string[];
  /** Use only `trx`: on PGlite (one connection) a query on the platform's knex would wait for this very transaction. */
  apply(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
  /**
   * Optional: applies several events (position order) in one go, leaving exactly the rows `apply` would leave
   * one event at a time. The runner uses it for every batch it delivers; without it, it calls `apply` in turn.
   */
  applyBatch?(events: readonly RecordedEvent[], trx: Knex.Transaction): Promise<void>;
  /** Empties the read model before a rebuild. */
  reset(trx: Knex.Transaction): Promise<void>;
}

/** Delivers committed events to projections and answers when a position is visible in every read model. */
export interface ProjectionRunner {
  /** Applies everything committed so far (embedded mode calls this after each append). */
  catchUp(): Promise<void>;
  /** Resolves when every projection's checkpoint has reached `position` (bounded wait, then throws 503). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** Truncates and replays one projection (or all) from position 0. */
  rebuild(name?: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A stored event of a type the projection handles whose data its schema refuses. */
export class UnreadableEventError extends Error {
  constructor(event: Pick<RecordedEvent, 'type' | 'position'>) {
    super(`cannot read ${event.type} at position ${event.position}: its data does not match the schema`);
    this.name = 'UnreadableEventError';
  }
}
