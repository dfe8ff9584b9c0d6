import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/database';
import { ConcurrencyError } from '../http/errors';
import type { Clock } from '../platform';
import { assertStorableEvents } from './storable-text';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from './types';

/**
 * The advisory-lock key every append takes for its transaction. Appends therefore allocate positions and
 * commit one after another, so a reader never sees position n+1 while n is still uncommitted.
 */
export const APPEND_LOCK_KEY = 7_140_318_001;

const DEFAULT_READ_LIMIT = 1000;

interface EventRow {
  position: number | string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata | null;
  recorded_at: Date | string;
}

/** The last event of a committed append: where it is and which stream and type it has. */
export interface CommittedEvent {
  position: number;
  streamId: string;
  type: string;
}

export interface EventStoreOptions {
  clock: Clock;
  /**
   * Called after an append has committed, with its last event (embedded mode wakes the projection runner;
   * the Kafka runner remembers where that event's read-your-writes wait must look).
   */
  onCommitted?: (last: CommittedEvent) => void;
  /** A channel every append notifies as it commits (PostgreSQL with Kafka: it wakes the outbox relay). */
  notifyChannel?: string;
}

/** The event store on a Postgres `events` table (PGlite or pg), with optimistic concurrency per stream. */
export function createEventStore(db: Knex, options: EventStoreOptions): EventStore {
  const notify = (result: AppendResult, streamId: string, events: readonly NewEvent[]) => {
    const type = events.at(-1)?.type;
    if (result.lastPosition > 0 && type)
      options.onCommitted?.({ position: result.lastPosition, streamId, type });
  };
  return {
    async append(streamId, streamType, expectedVersion, events, trx) {
      assertStorableEvents(events);
      const write = (t: Knex.Transaction) =>
        appendInTransaction(t, {
          streamId,
          streamType,
          expectedVersion,
          events,
          now: options.clock.now(),
          notifyChannel: options.notifyChannel,
        });
      if (!trx) {
        const result = await db.transaction(write);
        notify(result, streamId, events);
        return result;
      }
      const result = await write(trx);
      // The caller commits; wake the runner only once the events are visible.
      trx.executionPromise.then(() => notify(result, streamId, events)).catch(() => {});
      return result;
    },
    readStream: (streamId) => readStream(db, streamId),
    readAll: (readOptions) => readEventsAfter(db, readOptions),
    headPosition: () => headPosition(db),
  };
}

interface AppendCommand {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  now: Date;
  notifyChannel?: string;
}

async function appendInTransaction(trx: Knex.Transaction, command: AppendCommand): Promise<AppendResult> {
  const { streamId, streamType, expectedVersion, events } = command;
  // The notification (delivered at commit, and only then) rides on the lock's round trip.
  if (command.notifyChannel) {
    await trx.raw(`select pg_advisory_xact_lock(?), pg_notify(?, '')`, [
      APPEND_LOCK_KEY,
      command.notifyChannel,
    ]);
  } else {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
  }
  const current = await streamVersion(trx, streamId);
  if (!versionMatches(expectedVersion, current)) throw new ConcurrencyError(streamId);
  if (events.length === 0) return { nextVersion: current, lastPosition: 0 };
  const rows = events.map((event, index) => ({
    stream_id: streamId,
    stream_type: streamType,
    version: current + index + 1,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata ?? {}),
    recorded_at: command.now,
  }));
  try {
    const inserted: { position: number | string }[] = await trx('events').insert(rows).returning('position');
    const lastPosition = Math.max(...inserted.map((row) => Number(row.position)));
    return { nextVersion: current + events.length, lastPosition };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConcurrencyError(streamId);
    throw error;
  }
}

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  return expected === current;
}

async function streamVersion(db: Knex | Knex.Transaction, streamId: string): Promise<number> {
  const row = await db('events').where({ stream_id: streamId }).max({ version: 'version' }).first();
  return Number(row?.version ?? 0);
}

/** One stream's events in version order. */
export async function readStream(db: Knex | Knex.Transaction, streamId: string): Promise<RecordedEvent[]> {
  const rows: EventRow[] = await db('events').where({ stream_id: streamId }).orderBy('version');
  return rows.map(toRecordedEvent);
}

/** Events after `after` in position order, optionally only some types and only up to `upTo` (inclusive). */
export async function readEventsAfter(
  db: Knex | Knex.Transaction,
  options: { after: number; limit?: number; types?: readonly string[]; upTo?: number },
): Promise<RecordedEvent[]> {
  const query = db('events')
    .where('position', '>', options.after)
    .orderBy('position')
    .limit(options.limit ?? DEFAULT_READ_LIMIT);
  if (options.types) query.whereIn('type', [...options.types]);
  if (options.upTo !== undefined) query.where('position', '<=', options.upTo);
  const rows: EventRow[] = await query;
  return rows.map(toRecordedEvent);
}

/** The highest committed position, 0 for an empty store. */
export async function headPosition(db: Knex | Knex.Transaction): Promise<number> {
  const row = await db('events').max({ position: 'position' }).first();
  return Number(row?.position ?? 0);
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: Number(row.version),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}
