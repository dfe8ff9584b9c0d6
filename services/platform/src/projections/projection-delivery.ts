import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { headPosition, readEventsAfter } from '../event-store/event-reads';
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

/** What a delivery did: what each projection was given, by name, and where the furthest behind stands. */
export interface Delivery {
  totals: Map<string, DeliveryCount>;
  /** The lowest checkpoint of these projections once the delivery committed (infinite for none). */
  lowest: number;
}

/** Delivers everything committed so far to these projections, batch by batch. */
export async function deliverAll(
  db: Knex,
  projections: readonly Projection[],
  batchSize: number,
  logger: Logger,
  afterBatch?: () => Promise<unknown>,
): Promise<Delivery> {
  const totals = new Map(projections.map((projection) => [projection.name, { events: 0, failures: 0 }]));
  if (projections.length === 0) return { totals, lowest: Number.POSITIVE_INFINITY };
  for (;;) {
    const batch = await inDeliveryTransaction(db, (trx, isolate) =>
      deliverBatch(trx, projections, batchSize, logger, isolate),
    );
    for (const [name, count] of batch.counts) {
      const total = totals.get(name) as DeliveryCount;
      total.events += count.events;
      total.failures += count.failures;
    }
    if (!batch.more) return { totals, lowest: batch.lowest };
    await afterBatch?.();
  }
}

/**
 * Runs a delivery's transaction with every projection applying straight in it, and only if that throws runs
 * it again with each projection in a savepoint of its own (`isolate`), so the event a projection throws on is
 * found, recorded and skipped as before. A savepoint and its release are two round trips per projection and
 * batch, which on PGlite cost about what two statements do; a delivery that throws is rare.
 */
export async function inDeliveryTransaction<T>(
  db: Knex,
  run: (trx: Knex.Transaction, isolate: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction((trx) => run(trx, false));
  } catch {
    // Not logged here: the isolated run logs and records what throws, or throws again.
    return db.transaction((trx) => run(trx, true));
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
  isolate: boolean,
): Promise<{ more: boolean; lowest: number; counts: Map<string, DeliveryCount> }> {
  const counts = new Map<string, DeliveryCount>();
  const checkpoints = await lockCheckpoints(trx, projections);
  const from = Math.min(...checkpoints.values());
  // Positions commit in order (the append lock), so everything up to the head read here is visible.
  const head = await headPosition(trx);
  if (head <= from) return { more: false, lowest: from, counts };
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
    const failures = await applyEvents(trx, projection, own, logger, isolate);
    counts.set(projection.name, { events: own.length, failures });
    advanced.push(projection);
  }
  await writeCheckpoints(trx, advanced, reached);
  // Each projection is now at `reached` (advanced) or already was at or past it.
  return { more: reached < head, lowest: reached, counts };
}

/**
 * Embedded mode's inline delivery: gives events just appended in `trx` (position order, nothing between
 * them) to every projection in that same transaction and moves the checkpoints past them, when every
 * projection stands right before the first; otherwise answers false, applies nothing (a checkpoint row
 * missing is created at 0, as any delivery does), and the runner delivers them after the commit. One transaction then holds the events and every read model's rows, so a
 * save's read-your-writes costs no second transaction, no read of the events table, and no wait.
 */
export async function deliverAppended(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<boolean> {
  const first = events[0]?.position;
  if (first === undefined || events.some((event, index) => event.position !== first + index)) return false;
  if (projections.length === 0) return true;
  const checkpoints = await lockCheckpoints(trx, projections);
  if (projections.some((projection) => checkpoints.get(projection.name) !== first - 1)) return false;
  try {
    // In a savepoint: should a projection throw, the events still commit (no position is lost to a
    // rollback) and the runner delivers them, recording and skipping the one that throws.
    await trx.transaction(async (savepoint) => {
      for (const projection of projections) {
        const handles = new Set(projection.handles);
        const own = events.filter((event) => handles.has(event.type));
        if (own.length > 0) await applyInOrder(projection, own, savepoint);
      }
      await writeCheckpoints(savepoint, projections, first + events.length - 1);
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies a projection's events, straight in `trx` or, when `isolate`, in one savepoint: only when the batch
 * throws does it roll back and go event by event, so the bad event is isolated and the others still apply.
 * Answers how many events were skipped (always none unisolated: there, what throws aborts the transaction).
 */
export async function applyEvents(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  logger: Logger,
  isolate = true,
): Promise<number> {
  if (events.length === 0) return 0;
  if (!isolate) {
    await applyInOrder(projection, events, trx);
    return 0;
  }
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
  const locked = () =>
    trx('projection_checkpoints')
      .whereIn('name', names)
      .orderBy('name')
      .forUpdate()
      .select<{ name: string; position: number }[]>('name', 'position');
  let rows = await locked();
  if (rows.length < names.length) {
    // Only the first delivery of a projection finds its row missing; the others skip this write.
    await trx('projection_checkpoints')
      .insert(names.map((name) => ({ name, position: 0 })))
      .onConflict('name')
      .ignore();
    rows = await locked();
  }
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
