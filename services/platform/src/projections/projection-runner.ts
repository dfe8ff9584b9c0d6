import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { headPosition, readEventsAfter } from '../event-store/postgres-event-store';
import type { RecordedEvent } from '../event-store/types';
import { unavailable } from '../http/errors';
import type { Projection, ProjectionRunner } from './types';

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_WAIT_MS = 5000;
const WAIT_RETRY_MS = 20;

/** What one projection's replay delivered. */
export interface ProjectionReplay {
  projection: string;
  /** Events the projection handles that it was given. */
  events: number;
  /** Of those, events its `apply` threw on (recorded in `projection_failures`). */
  failures: number;
}

/** The in-process runner (embedded mode), plus what the platform and the rebuild command need. */
export interface EmbeddedProjectionRunner extends ProjectionRunner {
  /** Wakes the runner after a commit; returns at once. */
  notify(): void;
  /** Like `rebuild`, and tells what each projection replayed. */
  replay(name?: string): Promise<ProjectionReplay[]>;
}

export interface ProjectionRunnerOptions {
  logger: Logger;
  /** Safety-net poll for events committed by other means (0: no poll). */
  pollIntervalMs?: number;
  batchSize?: number;
}

/**
 * Delivers committed events to each projection in position order. Each batch and the projection's checkpoint
 * are written in one transaction, so a redelivery changes nothing. Everything the runner does goes through
 * one queue, because knex-pglite has a single connection and batches must not interleave.
 */
export function createProjectionRunner(
  db: Knex,
  projections: readonly Projection[],
  options: ProjectionRunnerOptions,
): EmbeddedProjectionRunner {
  assertUniqueNames(projections);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const deliver = (projection: Projection) => deliverAll(db, projection, batchSize, options.logger);
  let queue: Promise<unknown> = Promise.resolve();
  let queuedCatchUp: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const catchUp = (): Promise<void> => {
    // Callers arriving while a catch-up waits in the queue share it: it will see their events too.
    queuedCatchUp ??= enqueue(async () => {
      queuedCatchUp = undefined;
      for (const projection of projections) await deliver(projection);
    });
    return queuedCatchUp;
  };

  const replay = (name?: string) =>
    enqueue(async () => {
      const reports: ProjectionReplay[] = [];
      for (const projection of selectProjections(projections, name)) {
        await db.transaction(async (trx) => {
          await projection.reset(trx);
          await trx('projection_failures').where({ projection: projection.name }).delete();
          await writeCheckpoint(trx, projection.name, 0);
        });
        reports.push({ projection: projection.name, ...(await deliver(projection)) });
      }
      return reports;
    });

  const notify = () => {
    catchUp().catch((error) => options.logger.error({ err: error }, 'projection catch-up failed'));
  };

  return {
    catchUp,
    replay,
    notify,
    rebuild: async (name) => {
      await replay(name);
    },
    async waitFor(position, timeoutMs = DEFAULT_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while ((await lowestCheckpoint(db, projections)) < position) {
        if (Date.now() >= deadline) throw unavailable();
        await catchUp();
        if ((await lowestCheckpoint(db, projections)) >= position) return;
        await new Promise((resolve) => setTimeout(resolve, WAIT_RETRY_MS));
      }
    },
    async start() {
      await catchUp();
      if (options.pollIntervalMs && !poll) {
        poll = setInterval(notify, options.pollIntervalMs);
        poll.unref();
      }
    },
    async stop() {
      if (poll) clearInterval(poll);
      poll = undefined;
      await queue;
    },
  };
}

function assertUniqueNames(projections: readonly Projection[]) {
  const names = new Set<string>();
  for (const { name } of projections) {
    if (names.has(name)) throw new Error(`Two projections are named ${name}`);
    names.add(name);
  }
}

function selectProjections(projections: readonly Projection[], name?: string): readonly Projection[] {
  if (name === undefined) return projections;
  const found = projections.find((projection) => projection.name === name);
  if (!found)
    throw new Error(`No projection named ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
  return [found];
}

async function deliverAll(db: Knex, projection: Projection, batchSize: number, logger: Logger) {
  const total = { events: 0, failures: 0 };
  for (;;) {
    const batch = await db.transaction((trx) => deliverBatch(trx, projection, batchSize, logger));
    total.events += batch.events;
    total.failures += batch.failures;
    if (!batch.more) return total;
  }
}

/** Applies the next batch after the projection's checkpoint and advances the checkpoint, in one transaction. */
async function deliverBatch(
  trx: Knex.Transaction,
  projection: Projection,
  batchSize: number,
  logger: Logger,
) {
  const checkpoint = await lockCheckpoint(trx, projection.name);
  // Positions commit in order (the append lock), so everything up to the head read here is visible.
  const head = await headPosition(trx);
  if (head <= checkpoint) return { events: 0, failures: 0, more: false };
  const events = await readEventsAfter(trx, {
    after: checkpoint,
    upTo: head,
    types: projection.handles,
    limit: batchSize,
  });
  let failures = 0;
  for (const event of events) {
    if (!(await applyOrRecord(trx, projection, event, logger))) failures += 1;
  }
  const more = events.length === batchSize;
  await writeCheckpoint(trx, projection.name, more ? events[events.length - 1].position : head);
  return { events: events.length, failures, more };
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
      { err: error, projection: projection.name, position: event.position, eventType: event.type },
      'projection could not apply an event; skipped',
    );
    await trx('projection_failures')
      .insert({
        projection: projection.name,
        position: event.position,
        event_type: event.type,
        error: message,
      })
      .onConflict(['projection', 'position'])
      .merge(['error', 'failed_at']);
    return false;
  }
}

async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<number> {
  await trx('projection_checkpoints').insert({ name, position: 0 }).onConflict('name').ignore();
  const row = await trx('projection_checkpoints').where({ name }).forUpdate().first('position');
  return Number(row?.position ?? 0);
}

async function writeCheckpoint(trx: Knex.Transaction, name: string, position: number) {
  await trx('projection_checkpoints')
    .insert({ name, position, updated_at: trx.fn.now() })
    .onConflict('name')
    .merge(['position', 'updated_at']);
}

/** The checkpoint of the projection furthest behind (0 when one has none yet). */
async function lowestCheckpoint(db: Knex, projections: readonly Projection[]): Promise<number> {
  if (projections.length === 0) return Number.POSITIVE_INFINITY;
  const rows: { position: number }[] = await db('projection_checkpoints')
    .whereIn(
      'name',
      projections.map((projection) => projection.name),
    )
    .select('position');
  if (rows.length < projections.length) return 0;
  return Math.min(...rows.map((row) => Number(row.position)));
}
