import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/database';
import { createGroupCommit } from '../group-commit';
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

/**
 * The event store on a Postgres `events` table (PGlite or pg), with optimistic concurrency per stream.
 *
 * Group commit: appends outside a caller's transaction that arrive in the same turn of the event loop, or
 * while a group commits, go into the next group's one transaction, which takes the append lock once, reads
 * every stream's version in one statement and inserts every event in one. Each append still gets its own
 * answer: one whose expected version does not match is refused with 409 and the others commit. Should the
 * group's transaction fail for another reason, each of its appends is tried again on its own, so one cannot
 * fail another.
 */
export function createEventStore(db: Knex, options: EventStoreOptions): EventStore {
  const notify = (result: AppendResult, append: Append) => {
    const type = append.events.at(-1)?.type;
    if (result.lastPosition > 0 && type)
      options.onCommitted?.({ position: result.lastPosition, streamId: append.streamId, type });
  };
  const settings = () => ({ now: options.clock.now(), notifyChannel: options.notifyChannel });
  const alone = async (append: Append) => {
    const result = await db.transaction((trx) => appendInTransaction(trx, append, settings()));
    notify(result, append);
    return result;
  };
  const commitGroup = async (appends: readonly Append[]) => {
    if (appends.length > 1) {
      try {
        const outcomes = await db.transaction((trx) => appendAllInTransaction(trx, appends, settings()));
        outcomes.forEach((outcome, index) => {
          if (!(outcome instanceof ConcurrencyError)) notify(outcome, appends[index] as Append);
        });
        return outcomes.map(
          (outcome): PromiseSettledResult<AppendResult> =>
            outcome instanceof ConcurrencyError
              ? { status: 'rejected', reason: outcome }
              : { status: 'fulfilled', value: outcome },
        );
      } catch {
        // Tried again one by one below.
      }
    }
    return Promise.allSettled(appends.map(alone));
  };
  const groups = createGroupCommit<Append, AppendResult>(commitGroup);
  return {
    async append(streamId, streamType, expectedVersion, events, trx) {
      assertStorableEvents(events);
      const append = { streamId, streamType, expectedVersion, events };
      if (!trx) return groups.add(append);
      const result = await appendInTransaction(trx, append, settings());
      // The caller commits; wake the runner only once the events are visible.
      trx.executionPromise.then(() => notify(result, append)).catch(() => {});
      return result;
    },
    readStream: (streamId) => readStream(db, streamId),
    readAll: (readOptions) => readEventsAfter(db, readOptions),
    headPosition: () => headPosition(db),
  };
}

interface Append {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: readonly NewEvent[];
}

interface AppendSettings {
  now: Date;
  notifyChannel?: string;
}

/** One append in the caller's transaction: its result, or a ConcurrencyError thrown (409). */
async function appendInTransaction(
  trx: Knex.Transaction,
  append: Append,
  settings: AppendSettings,
): Promise<AppendResult> {
  try {
    const [outcome] = await appendAllInTransaction(trx, [append], settings);
    if (outcome instanceof ConcurrencyError) throw outcome;
    return outcome as AppendResult;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConcurrencyError(append.streamId);
    throw error;
  }
}

/**
 * Appends in one transaction, in order, under the append lock (the notification, delivered at commit and only
 * then, rides on the lock's round trip): each one's result, or the 409 its expected version gets.
 */
async function appendAllInTransaction(
  trx: Knex.Transaction,
  appends: readonly Append[],
  settings: AppendSettings,
): Promise<(AppendResult | ConcurrencyError)[]> {
  if (settings.notifyChannel) {
    await trx.raw(`select pg_advisory_xact_lock(?), pg_notify(?, '')`, [
      APPEND_LOCK_KEY,
      settings.notifyChannel,
    ]);
  } else {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
  }
  const stored: { stream_id: string; version: number | string }[] = await trx('events')
    .whereIn('stream_id', [...new Set(appends.map((append) => append.streamId))])
    .groupBy('stream_id')
    .select('stream_id')
    .max({ version: 'version' });
  const versions = new Map(stored.map((row) => [row.stream_id, Number(row.version)]));
  const rows: Record<string, unknown>[] = [];
  const outcomes = appends.map((append): AppendResult | ConcurrencyError => {
    const current = versions.get(append.streamId) ?? 0;
    if (!versionMatches(append.expectedVersion, current)) return new ConcurrencyError(append.streamId);
    rows.push(
      ...append.events.map((event, index) => ({
        stream_id: append.streamId,
        stream_type: append.streamType,
        version: current + index + 1,
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata ?? {}),
        recorded_at: settings.now,
      })),
    );
    versions.set(append.streamId, current + append.events.length);
    return { nextVersion: current + append.events.length, lastPosition: 0 };
  });
  if (rows.length === 0) return outcomes;
  const inserted: { position: number | string; stream_id: string; version: number | string }[] = await trx(
    'events',
  )
    .insert(rows)
    .returning(['position', 'stream_id', 'version']);
  const positions = new Map(
    inserted.map((row) => [`${row.stream_id}\n${row.version}`, Number(row.position)]),
  );
  appends.forEach((append, index) => {
    const outcome = outcomes[index] as AppendResult | ConcurrencyError;
    if (outcome instanceof ConcurrencyError || append.events.length === 0) return;
    outcome.lastPosition = positions.get(`${append.streamId}\n${outcome.nextVersion}`) as number;
  });
  return outcomes;
}

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  return expected === current;
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
