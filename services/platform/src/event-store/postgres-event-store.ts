import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/database';
import { onNodePostgres } from '../db/prepared';
import { createGroupCommit } from '../group-commit';
import { ConcurrencyError } from '../http/errors';
import type { JobRequest } from '../jobs/types';
import type { Clock } from '../platform';
import { APPEND_LOCK_KEY } from './append-lock';
import { headPosition, readEventsAfter, readStream } from './event-reads';
import {
  type Append,
  type AppendSettings,
  appendAllInOneStatement,
  fitsOneStatement,
} from './one-statement-append';
import { assertStorableEvents } from './storable-text';
import type { AppendResult, EventStore, ExpectedVersion, RecordedEvent } from './types';

export { APPEND_LOCK_KEY };

/** The last event of a committed append: where it is and which stream and type it has. */
export interface CommittedEvent {
  position: number;
  streamId: string;
  type: string;
}

/**
 * Read models brought up to date in the append's own transaction (embedded mode on PGlite: the projection
 * runner's `inline`). `apply` answers whether every read model now includes the events; `committed` then
 * hears where they stand once the transaction has committed. Events it does not apply are delivered as
 * before: the append tells `onCommitted`, and the runner catches up.
 */
export interface InlineDelivery {
  apply(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<boolean>;
  committed(position: number): void;
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
  /** Applies each group's events to the read models in the group's transaction (see InlineDelivery). */
  inline?: InlineDelivery;
  /**
   * Stores the jobs an append carries in its transaction (the embedded scheduler, whose jobs are rows of this
   * database): a command's jobs then commit with its events or not at all. Without it the event store takes
   * no jobs, and a command schedules its own before it appends (`writesJobs`).
   */
  storeJobs?: (trx: Knex.Transaction, jobs: readonly JobRequest[]) => Promise<void>;
  /** How long a group gathers appends under load (`GatherOptions`); none by default. */
  gatherMs?: number;
}

/**
 * Embedded mode's gathering: under load (the last group carried more than one append) a group starts 2 ms
 * after its first append arrives. With ten connections saving as fast as they can, groups of about five
 * became groups of about nine, and more saves were answered a second at a lower median latency; in the
 * distributed mode it bought no saves and lengthened the append-to-visible lag (BENCHMARKS.md,
 * docs/decisions.md).
 */
export const APPEND_GATHER_MS = 2;

/**
 * The event store on a Postgres `events` table (PGlite or pg), with optimistic concurrency per stream.
 *
 * Group commit: appends outside a caller's transaction that arrive in the same turn of the event loop, or
 * while a group commits (or, under load, within `gatherMs` of the first), go into the next group's one
 * transaction, which takes the append lock once, reads every stream's version in one statement and inserts
 * every event in one. Each append still gets its own answer: one whose expected version does not match is
 * refused with 409 and the others commit. Should the group's transaction fail for another reason, each of its
 * appends is tried again on its own, so one cannot fail another.
 */
export function createEventStore(db: Knex, options: EventStoreOptions): EventStore {
  const notify = (result: AppendResult, append: Append) => {
    const type = append.events.at(-1)?.type;
    if (result.lastPosition > 0 && type)
      options.onCommitted?.({ position: result.lastPosition, streamId: append.streamId, type });
  };
  const settings = (): AppendSettings => ({
    now: options.clock.now(),
    notifyChannel: options.notifyChannel,
    storeJobs: options.storeJobs,
  });
  // On PGlite the one statement cost twice the transaction's statements, and since they are prepared
  // (pglite-statements.ts) it measured no faster than them (docs/decisions.md): the transaction way stays.
  const oneStatement = onNodePostgres(db);
  const inline = options.inline;
  const alone = async (append: Append) => {
    const result = await db.transaction((trx) => appendInTransaction(trx, append, settings()));
    notify(result, append);
    return result;
  };
  const commitGroup = async (appends: readonly Append[]) => {
    if (oneStatement && fitsOneStatement(appends)) {
      try {
        const outcomes = await appendAllInOneStatement(db, appends, settings());
        outcomes.forEach((outcome, index) => {
          if (!(outcome instanceof ConcurrencyError)) notify(outcome, appends[index] as Append);
        });
        return settledOutcomes(outcomes);
      } catch {
        // Tried again below, each stream's version read after the lock (see appendAllInOneStatement).
      }
    }
    if (appends.length > 1 || inline) {
      try {
        let applied = false;
        const outcomes = await db.transaction(async (trx) => {
          const appended = await appendAllInTransaction(trx, appends, settings());
          applied = inline ? await inline.apply(trx, appended.recorded()) : false;
          return appended.outcomes;
        });
        if (applied) inline?.committed(lastPositionOf(outcomes));
        else {
          outcomes.forEach((outcome, index) => {
            if (!(outcome instanceof ConcurrencyError)) notify(outcome, appends[index] as Append);
          });
        }
        return settledOutcomes(outcomes);
      } catch {
        // Tried again one by one below, without inline delivery: a projection that throws on an event then
        // has it recorded and skipped by the runner, as for any other append.
      }
    }
    return Promise.allSettled(appends.map(alone));
  };
  const groups = createGroupCommit<Append, AppendResult>(commitGroup, {
    gatherMs: options.gatherMs,
  });
  return {
    writesJobs: options.storeJobs !== undefined,
    async append(streamId, streamType, expectedVersion, events, trx, jobs) {
      assertStorableEvents(events);
      if (jobs?.length && !options.storeJobs)
        throw new Error('This event store does not store jobs: schedule them before the append');
      const append = { streamId, streamType, expectedVersion, events, jobs };
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

/** One append in the caller's transaction: its result, or a ConcurrencyError thrown (409). */
async function appendInTransaction(
  trx: Knex.Transaction,
  append: Append,
  settings: AppendSettings,
): Promise<AppendResult> {
  try {
    const {
      outcomes: [outcome],
    } = await appendAllInTransaction(trx, [append], settings);
    if (outcome instanceof ConcurrencyError) throw outcome;
    return outcome as AppendResult;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConcurrencyError(append.streamId);
    throw error;
  }
}

/**
 * Appends in one transaction, in order, under the append lock (the notification, delivered at commit and only
 * then, rides on the lock's round trip): each one's result, or the 409 its expected version gets, and the
 * events as they were recorded (position order, on demand), as a read of the events table would give them.
 */
async function appendAllInTransaction(
  trx: Knex.Transaction,
  appends: readonly Append[],
  settings: AppendSettings,
): Promise<{ outcomes: (AppendResult | ConcurrencyError)[]; recorded: () => RecordedEvent[] }> {
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
  if (rows.length === 0) return { outcomes, recorded: () => [] };
  const jobs = appends.flatMap((append, index) =>
    outcomes[index] instanceof ConcurrencyError ? [] : (append.jobs ?? []),
  );
  if (jobs.length > 0) await settings.storeJobs?.(trx, jobs);
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
  // Built only for inline delivery, which is the one caller that needs them.
  const recorded = () =>
    rows
      .map(
        (row): RecordedEvent => ({
          position: positions.get(`${row.stream_id}\n${row.version}`) as number,
          streamId: row.stream_id as string,
          streamType: row.stream_type as string,
          version: row.version as number,
          type: row.type as string,
          // Parsed from the stored text, as jsonb gives it back (no undefined members).
          data: JSON.parse(row.data as string),
          metadata: JSON.parse(row.metadata as string),
          recordedAt: settings.now,
        }),
      )
      .sort((a, b) => a.position - b.position);
  return { outcomes, recorded };
}

/** The highest position a group's appends reached. */
function lastPositionOf(outcomes: readonly (AppendResult | ConcurrencyError)[]): number {
  let last = 0;
  for (const outcome of outcomes) {
    if (!(outcome instanceof ConcurrencyError)) last = Math.max(last, outcome.lastPosition);
  }
  return last;
}

const settledOutcomes = (outcomes: readonly (AppendResult | ConcurrencyError)[]) =>
  outcomes.map(
    (outcome): PromiseSettledResult<AppendResult> =>
      outcome instanceof ConcurrencyError
        ? { status: 'rejected', reason: outcome }
        : { status: 'fulfilled', value: outcome },
  );

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  return expected === current;
}
