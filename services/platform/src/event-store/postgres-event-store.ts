import { setImmediate as nextTurn } from 'node:timers/promises';
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

/**
 * The event store on a Postgres `events` table (PGlite or pg), with optimistic concurrency per stream.
 * Appends made outside a caller's transaction at about the same time commit together (`createAppendGroups`).
 */
export function createEventStore(db: Knex, options: EventStoreOptions): EventStore {
  const notify = (result: AppendResult, streamId: string, events: readonly NewEvent[]) => {
    const type = events.at(-1)?.type;
    if (result.lastPosition > 0 && type)
      options.onCommitted?.({ position: result.lastPosition, streamId, type });
  };
  const groups = createAppendGroups(db, options, notify);
  return {
    async append(streamId, streamType, expectedVersion, events, trx) {
      assertStorableEvents(events);
      const command = { streamId, streamType, expectedVersion, events };
      if (!trx) return groups.add(command);
      const result = await appendInTransaction(trx, {
        ...command,
        now: options.clock.now(),
        notifyChannel: options.notifyChannel,
      });
      // The caller commits; wake the runner only once the events are visible.
      trx.executionPromise.then(() => notify(result, streamId, events)).catch(() => {});
      return result;
    },
    readStream: (streamId) => readStream(db, streamId),
    readAll: (readOptions) => readEventsAfter(db, readOptions),
    headPosition: () => headPosition(db),
  };
}

type Append = Omit<AppendCommand, 'now' | 'notifyChannel'>;

/**
 * Group commit: appends that arrive in the same turn of the event loop, or while a group is committing, go
 * into the next group's one transaction, which takes the append lock once, reads every stream's version in
 * one statement and inserts every event in one. Each append still gets its own answer: one whose expected
 * version does not match is refused with 409 and the others commit. Should the group's transaction fail for
 * another reason, each of its appends is tried again on its own, so one cannot fail another.
 */
function createAppendGroups(
  db: Knex,
  options: EventStoreOptions,
  notify: (result: AppendResult, streamId: string, events: readonly NewEvent[]) => void,
) {
  let waiting: { append: Append; resolve(result: AppendResult): void; reject(error: unknown): void }[] = [];
  let running = false;

  const alone = async (append: Append) => {
    const result = await db.transaction((trx) =>
      appendInTransaction(trx, { ...append, now: options.clock.now(), notifyChannel: options.notifyChannel }),
    );
    notify(result, append.streamId, append.events);
    return result;
  };

  const commit = async (group: typeof waiting) => {
    if (group.length === 1) {
      const [only] = group as [(typeof waiting)[number]];
      await alone(only.append).then(only.resolve, only.reject);
      return;
    }
    let outcomes: (AppendResult | ConcurrencyError)[];
    try {
      outcomes = await db.transaction((trx) =>
        appendAllInTransaction(
          trx,
          group.map((each) => each.append),
          { now: options.clock.now(), notifyChannel: options.notifyChannel },
        ),
      );
    } catch {
      await Promise.all(group.map((each) => alone(each.append).then(each.resolve, each.reject)));
      return;
    }
    group.forEach((each, index) => {
      const outcome = outcomes[index] as AppendResult | ConcurrencyError;
      if (outcome instanceof ConcurrencyError) {
        each.reject(outcome);
        return;
      }
      notify(outcome, each.append.streamId, each.append.events);
      each.resolve(outcome);
    });
  };

  const runAll = async () => {
    // Lets the appends of the other requests read in this turn join the group.
    await nextTurn();
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      await commit(group);
    }
    running = false;
  };

  return {
    add(append: Append): Promise<AppendResult> {
      const result = new Promise<AppendResult>((resolve, reject) =>
        waiting.push({ append, resolve, reject }),
      );
      if (!running) {
        running = true;
        void runAll();
      }
      return result;
    },
  };
}

/** A group's appends in one transaction, in order: each one's result, or the 409 its expected version gets. */
async function appendAllInTransaction(
  trx: Knex.Transaction,
  appends: readonly Append[],
  settings: { now: Date; notifyChannel?: string },
): Promise<(AppendResult | ConcurrencyError)[]> {
  await takeAppendLock(trx, settings.notifyChannel);
  const streamIds = [...new Set(appends.map((append) => append.streamId))];
  const stored: { stream_id: string; version: number | string }[] = await trx('events')
    .whereIn('stream_id', streamIds)
    .groupBy('stream_id')
    .select('stream_id')
    .max({ version: 'version' });
  const versions = new Map(stored.map((row) => [row.stream_id, Number(row.version)]));
  const rows: Record<string, unknown>[] = [];
  const outcomes = appends.map((append): AppendResult | ConcurrencyError => {
    const current = versions.get(append.streamId) ?? 0;
    if (!versionMatches(append.expectedVersion, current)) return new ConcurrencyError(append.streamId);
    rows.push(...rowsOf({ ...append, now: settings.now }, current));
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

interface AppendCommand {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  now: Date;
  notifyChannel?: string;
}

/** The append lock, and the notification (delivered at commit, and only then) riding on its round trip. */
async function takeAppendLock(trx: Knex.Transaction, notifyChannel?: string) {
  if (notifyChannel) {
    await trx.raw(`select pg_advisory_xact_lock(?), pg_notify(?, '')`, [APPEND_LOCK_KEY, notifyChannel]);
  } else {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
  }
}

/** The rows of an append to a stream now at version `current`. */
function rowsOf(command: Append & { now: Date }, current: number) {
  return command.events.map((event, index) => ({
    stream_id: command.streamId,
    stream_type: command.streamType,
    version: current + index + 1,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata ?? {}),
    recorded_at: command.now,
  }));
}

async function appendInTransaction(trx: Knex.Transaction, command: AppendCommand): Promise<AppendResult> {
  const { streamId, expectedVersion, events } = command;
  await takeAppendLock(trx, command.notifyChannel);
  const current = await streamVersion(trx, streamId);
  if (!versionMatches(expectedVersion, current)) throw new ConcurrencyError(streamId);
  if (events.length === 0) return { nextVersion: current, lastPosition: 0 };
  try {
    const inserted: { position: number | string }[] = await trx('events')
      .insert(rowsOf(command, current))
      .returning('position');
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
