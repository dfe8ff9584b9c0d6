import type { Knex } from 'knex';
import { prepared } from '../db/prepared';
import { ConcurrencyError } from '../http/errors';
import type { JobRequest } from '../jobs/types';
import { APPEND_LOCK_KEY } from './append-lock';
import type { AppendResult, ExpectedVersion, NewEvent } from './types';

// The appends of a group as the event store hands them over, and PostgreSQL's way of appending a group in one
// statement (postgres-event-store.ts chooses it; PGlite keeps the transaction way).

export interface Append {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: readonly NewEvent[];
  /** Jobs stored with the events, in the same transaction (the embedded scheduler's rows). */
  jobs?: readonly JobRequest[];
}

export interface AppendSettings {
  now: Date;
  notifyChannel?: string;
  /** Writes the jobs of the appends that commit, in their transaction (see EventStoreOptions.storeJobs). */
  storeJobs?: (trx: Knex.Transaction, jobs: readonly JobRequest[]) => Promise<void>;
}

/**
 * A group one statement can append: each append has events and a stream of its own in the group, and no jobs
 * to store with them.
 */
export function fitsOneStatement(appends: readonly Append[]): boolean {
  const streams = new Set(appends.map((append) => append.streamId));
  return (
    streams.size === appends.length &&
    appends.every((append) => append.events.length > 0 && !append.jobs?.length)
  );
}

/**
 * The group's appends in one statement, run as its own transaction, on PostgreSQL: one round trip instead of
 * five (begin, lock, versions, insert, commit), and a statement each connection plans once (`prepared`). Its
 * text is the same for any group, every event and expectation in two JSON parameters. It takes the append lock before any position is drawn, so positions still
 * commit in order, and inserts only the events of appends whose expected version matches; an append with no
 * row back is refused (409). Its versions are read from the statement's snapshot, taken before the lock was
 * granted, so an append to the same stream that committed meanwhile is not seen: the insert then meets that
 * version's row and fails on the unique (stream, version), and the caller appends the group again the
 * transaction way, which reads the versions after the lock. A stale snapshot can only fail, never store a
 * wrong version.
 */
export async function appendAllInOneStatement(
  db: Knex,
  appends: readonly Append[],
  settings: AppendSettings,
): Promise<(AppendResult | ConcurrencyError)[]> {
  const expected = appends.map((append, index) => ({
    ord: index,
    stream_id: append.streamId,
    kind: typeof append.expectedVersion === 'number' ? 'version' : append.expectedVersion,
    version: typeof append.expectedVersion === 'number' ? append.expectedVersion : null,
  }));
  const events = appends.flatMap((append, index) =>
    append.events.map((event, seq) => ({
      ord: index,
      seq: seq + 1,
      stream_id: append.streamId,
      stream_type: append.streamType,
      type: event.type,
      data: event.data ?? null,
      metadata: event.metadata ?? {},
    })),
  );
  const lock = settings.notifyChannel
    ? {
        sql: 'select pg_advisory_xact_lock(?), pg_notify(?, ?)',
        bindings: [APPEND_LOCK_KEY, settings.notifyChannel, ''],
      }
    : { sql: 'select pg_advisory_xact_lock(?)', bindings: [APPEND_LOCK_KEY] };
  const result: { rows: { position: number | string; stream_id: string; version: number | string }[] } =
    await prepared(
      db.raw(
        `with expected as (
         select * from jsonb_to_recordset(?::jsonb) as x(ord int, stream_id text, kind text, version int)
       ), locked as (${lock.sql}),
       stored as (
         select e.ord, coalesce((select max(version) from events where events.stream_id = e.stream_id), 0) as version
         from expected e
       ), accepted as (
         select e.ord from expected e join stored s using (ord)
         where case e.kind when 'any' then true when 'no_stream' then s.version = 0 else s.version = e.version end
       )
       insert into events (stream_id, stream_type, version, type, data, metadata, recorded_at)
       select n.stream_id, n.stream_type, s.version + n.seq, n.type, n.data, n.metadata, ?::timestamptz
       from jsonb_to_recordset(?::jsonb)
         as n(ord int, seq int, stream_id text, stream_type text, type text, data jsonb, metadata jsonb)
       join accepted a using (ord)
       join stored s using (ord)
       cross join locked
       order by n.ord, n.seq
       returning position, stream_id, version`,
        [JSON.stringify(expected), ...lock.bindings, settings.now, JSON.stringify(events)],
      ),
    );
  const last = new Map<string, { position: number; version: number }>();
  for (const row of result.rows) {
    const position = Number(row.position);
    if ((last.get(row.stream_id)?.position ?? 0) < position)
      last.set(row.stream_id, { position, version: Number(row.version) });
  }
  return appends.map((append) => {
    const stored = last.get(append.streamId);
    return stored
      ? { nextVersion: stored.version, lastPosition: stored.position }
      : new ConcurrencyError(append.streamId);
  });
}
