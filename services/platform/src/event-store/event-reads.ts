import type { Knex } from 'knex';
import type { EventMetadata, RecordedEvent } from './types';

// Reading the events table: by stream, and in position order for the projections and the outbox relay.

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
