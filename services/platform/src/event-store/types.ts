import type { Knex } from 'knex';
import type { JobRequest } from '../jobs/types';

/** Who caused an event and why; stored beside every event. */
export interface EventMetadata {
  userId?: string;
  organisationId?: string | null;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

/** An event a decider produced, not yet stored. `type` is versioned: `trade.logged.v1`. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

/** An event as stored, with its global position and its version within the stream. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  position: number;
  streamId: string;
  streamType: string;
  version: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** `'no_stream'`: the stream must not exist yet; a number: the stream's current version; `'any'`: no check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendResult {
  /** The stream's version after the append (1 for the first event). */
  nextVersion: number;
  /** The last global position written. */
  lastPosition: number;
}

/** The append-only event log in Postgres with optimistic concurrency (a conflict throws `ConcurrencyError`). */
export interface EventStore {
  /**
   * Appends to one stream. `jobs` are stored in the append's own transaction, committed with its events or
   * not at all; only where `writesJobs` (the embedded scheduler shares the events' database).
   */
  append(
    streamId: string,
    streamType: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    trx?: Knex.Transaction,
    jobs?: readonly JobRequest[],
  ): Promise<AppendResult>;
  /** Whether `append` takes jobs: the jobs live in this database (the embedded scheduler), not in Redis. */
  readonly writesJobs: boolean;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Events after `position` in position order; never skips an event that committed out of order.
   * `upTo` (inclusive) bounds the read, e.g. at a head position read earlier.
   */
  readAll(options: {
    after: number;
    limit?: number;
    types?: readonly string[];
    upTo?: number;
  }): Promise<RecordedEvent[]>;
  /** Highest committed position (0 when empty). */
  headPosition(): Promise<number>;
}
