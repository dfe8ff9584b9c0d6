import type { Knex } from 'knex';

/** An event a projection threw on and skipped, as `projection_failures` keeps it until the next rebuild. */
export interface ProjectionFailure {
  projection: string;
  /** The event's position in the event store (its id). */
  position: number;
  eventType: string;
  /** Null for a failure recorded before streams were kept. */
  streamId: string | null;
  error: string;
  failedAt: Date;
}

/** One projection's skipped events, in short: what `/readyz` names. */
export interface ProjectionFailureCount {
  projection: string;
  failures: number;
  /** The position of the earliest event it skipped. */
  firstPosition: number;
  lastFailedAt: Date;
}

interface FailureRow {
  projection: string;
  position: number | string;
  event_type: string;
  stream_id: string | null;
  error: string;
  failed_at: Date | string;
}

/** The events projections skipped, oldest first; `projection` narrows to one read model. */
export async function listProjectionFailures(
  db: Knex,
  options: { projection?: string; limit?: number } = {},
): Promise<ProjectionFailure[]> {
  const query = db<FailureRow>('projection_failures').orderBy(['position', 'projection']);
  if (options.projection) query.where({ projection: options.projection });
  if (options.limit) query.limit(options.limit);
  const rows: FailureRow[] = await query.select(
    'projection',
    'position',
    'event_type',
    'stream_id',
    'error',
    'failed_at',
  );
  return rows.map((row) => ({
    projection: row.projection,
    position: Number(row.position),
    eventType: row.event_type,
    streamId: row.stream_id,
    error: row.error,
    failedAt: new Date(row.failed_at),
  }));
}

/** How many events each projection skipped (projections without any are left out). */
export async function countProjectionFailures(db: Knex): Promise<ProjectionFailureCount[]> {
  const rows: {
    projection: string;
    failures: number | string;
    first_position: number | string;
    last_failed_at: Date | string;
  }[] = await db('projection_failures')
    .groupBy('projection')
    .orderBy('projection')
    .select('projection')
    .count({ failures: '*' })
    .min({ first_position: 'position' })
    .max({ last_failed_at: 'failed_at' });
  return rows.map((row) => ({
    projection: row.projection,
    failures: Number(row.failures),
    firstPosition: Number(row.first_position),
    lastFailedAt: new Date(row.last_failed_at),
  }));
}
