import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { headPosition, readEventsAfter } from '../event-store/postgres-event-store';
import type { RecordedEvent } from '../event-store/types';
import type { Projection } from './types';

// A batch reads at most this many batches' worth of positions, so the read stays bounded even when the
// planner sorts every matching event in the range (PGlite never analyzes on its own, so it often does).
const WINDOW_BATCHES = 4;

/** What one projection was given so far. */
export interface DeliveryCount {
  /** Events the projection handles that it was given. */
  events: number;
  /** Of those, events it threw on (recorded in `projection_failures`). */
  failures: number;
}

/**
 * Delivers everything committed so far to these projections, batch by batch. Answers what each was given,
 * by name.
 */
export async function deliverAll(
  db: Knex,
  projections: readonly Projection[],
  batchSize: number,
  logger: Logger,
): Promise<Map<string, DeliveryCount>> {
  const totals = new Map(projections.map((projection) => [projection.name, { events: 0, failures: 0 }]));
  if (projections.length === 0) return totals;
  for (;;) {
    const batch = await db.transaction((trx) => deliverBatch(trx, projections, batchSize, logger, totals));
    if (!batch.more) return totals;
  }
}

/**
 * Reads the next batch once for all these projections, gives each the events it handles after its own
 * checkpoint and advances the checkpoints, all in one transaction, so a redelivery changes nothing.
 */
async function deliverBatch(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  batchSize: number,
  logger: Logger,
  totals: Map<string, DeliveryCount>,
): Promise<{ more: boolean }> {
  const checkpoints = await lockCheckpoints(trx, projections);
  const from = Math.min(...checkpoints.values());
  // Positions commit in order (the append lock), so everything up to the head read here is visible.
  const head = await headPosition(trx);
  if (head <= from) return { more: false };
  const behind = projections.filter((projection) => (checkpoints.get(projection.name) ?? 0) < head);
  const upTo = Math.min(head, from + batchSize * WINDOW_BATCHES);
  const events = await readEventsAfter(trx, {
    after: from,
    upTo,
    types: [...new Set(behind.flatMap((projection) => projection.handles))],
    limit: batchSize,
  });
  // A full batch may end before the window does; otherwise every event up to the window's end was read.
  const reached = events.length === batchSize ? (events[events.length - 1] as RecordedEvent).position : upTo;
  const advanced: Projection[] = [];
  for (const projection of behind) {
    const checkpoint = checkpoints.get(projection.name) ?? 0;
    if (checkpoint >= reached) continue;
    const handles = new Set(projection.handles);
    const own = events.filter((event) => event.position > checkpoint && handles.has(event.type));
    const failures = await applyEvents(trx, projection, own, logger);
    const total = totals.get(projection.name) as DeliveryCount;
    total.events += own.length;
    total.failures += failures;
    advanced.push(projection);
  }
  await writeCheckpoints(trx, advanced, reached);
  return { more: reached < head };
}

/**
 * Applies a projection's events in one savepoint: one round trip per batch instead of two per event. Only
 * when the batch throws does it roll back and go event by event, so the bad event is isolated and the others
 * still apply. Answers how many events were skipped.
 */
export async function applyEvents(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  logger: Logger,
): Promise<number> {
  if (events.length === 0) return 0;
  try {
    await trx.transaction((savepoint) => applyInOrder(projection, events, savepoint));
    return 0;
  } catch {
    // Not logged here: the event-by-event pass below logs and records the event that fails.
  }
  let failures = 0;
  for (const event of events) {
    if (!(await applyOrRecord(trx, projection, event, logger))) failures += 1;
  }
  return failures;
}

async function applyInOrder(projection: Projection, events: readonly RecordedEvent[], trx: Knex.Transaction) {
  if (projection.applyBatch) return projection.applyBatch(events, trx);
  for (const event of events) await projection.apply(event, trx);
}

/** Applies one event in a savepoint; an event the projection throws on is logged, recorded and skipped. */
async function applyOrRecord(
  trx: Knex.Transaction,
  projection: Projection,
  event: RecordedEvent,
  logger: Logger,
) {
  try {
    await trx.transaction((savepoint) => projection.apply(event, savepoint));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error(
      {
        err: error,
        projection: projection.name,
        position: event.position,
        eventType: event.type,
        streamId: event.streamId,
      },
      'projection could not apply an event; skipped',
    );
    await trx('projection_failures')
      .insert({
        projection: projection.name,
        position: event.position,
        event_type: event.type,
        stream_id: event.streamId,
        error: message,
      })
      .onConflict(['projection', 'position'])
      .merge(['error', 'failed_at']);
    return false;
  }
}

/** Locks the projections' checkpoint rows (creating missing ones at 0) and answers them by name. */
async function lockCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
): Promise<Map<string, number>> {
  const names = projections.map((projection) => projection.name);
  await trx('projection_checkpoints')
    .insert(names.map((name) => ({ name, position: 0 })))
    .onConflict('name')
    .ignore();
  const rows: { name: string; position: number }[] = await trx('projection_checkpoints')
    .whereIn('name', names)
    .orderBy('name')
    .forUpdate()
    .select('name', 'position');
  return new Map(rows.map((row) => [row.name, Number(row.position)]));
}

/** Moves these projections' checkpoints to `position`, in one statement. */
export async function writeCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  position: number,
): Promise<void> {
  if (projections.length === 0) return;
  await trx('projection_checkpoints')
    .insert(projections.map((projection) => ({ name: projection.name, position, updated_at: trx.fn.now() })))
    .onConflict('name')
    .merge(['position', 'updated_at']);
}
