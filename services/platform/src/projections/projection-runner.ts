import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CommittedEvent, InlineDelivery } from '../event-store/postgres-event-store';
import { unavailable } from '../http/errors';
import { readModelChanged } from '../read-cache/read-cache';
import { analyseGrownTables, refreshPlannerStatistics } from './planner-statistics';
import { deliverAll, deliverAppended, writeCheckpoints } from './projection-delivery';
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
  /** Wakes the runner after a commit of this process (its last event given); returns at once. */
  notify(last?: CommittedEvent): void;
  /** Like `rebuild`, and tells what each projection replayed. */
  replay(name?: string): Promise<ProjectionReplay[]>;
}

/** The in-process runner, which can also apply an append's events in the append's own transaction. */
export interface InProcessProjectionRunner extends EmbeddedProjectionRunner {
  inline: InlineDelivery;
}

export interface ProjectionRunnerOptions {
  logger: Logger;
  /** Safety-net poll for events committed by other means (0: no poll). */
  pollIntervalMs?: number;
  batchSize?: number;
}

/**
 * Delivers committed events to each projection in position order. Each batch is read once for all
 * projections and applied with their checkpoints in one transaction, so a redelivery changes nothing.
 * Everything the runner does goes through one queue, because knex-pglite has a single connection and
 * batches must not interleave.
 */
export function createProjectionRunner(
  db: Knex,
  projections: readonly Projection[],
  options: ProjectionRunnerOptions,
): InProcessProjectionRunner {
  assertUniqueNames(projections);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const deliver = (selected: readonly Projection[], afterBatch?: () => Promise<unknown>) =>
    deliverAll(db, selected, batchSize, options.logger, afterBatch);
  let queue: Promise<unknown> = Promise.resolve();
  let queuedCatchUp: Promise<void> | undefined;
  /**
   * Where every projection stood after the last delivery this runner committed: a read-your-writes wait
   * already met answers without a query. Only this process writes the checkpoints (the data directory's
   * lock), and a replay lowers it before it resets anything.
   */
  let delivered = 0;
  /** A replay is resetting and rebuilding the read models: inline delivery stands aside until it is done. */
  let replaying = false;
  let poll: NodeJS.Timeout | undefined;

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const catchUp = (): Promise<void> => {
    // Callers arriving while a catch-up waits in the queue share it: it will see their events too.
    queuedCatchUp ??= enqueue(async () => {
      // PGlite answers a statement without leaving the event loop's turn, so a request that appended would
      // run its catch-up before any other request is even read. One turn's wait lets the requests that came
      // in meanwhile append too, and this catch-up delivers them all in one transaction.
      await nextTurn();
      queuedCatchUp = undefined;
      ({ lowest: delivered } = await deliver(projections));
    });
    return queuedCatchUp;
  };

  const replay = (name?: string) =>
    enqueue(async (): Promise<ProjectionReplay[]> => {
      const selected = selectProjections(projections, name);
      delivered = 0;
      replaying = true;
      try {
        return await replaySelected(selected);
      } finally {
        replaying = false;
      }
    });

  const replaySelected = async (selected: readonly Projection[]): Promise<ProjectionReplay[]> => {
    await db.transaction(async (trx) => {
      for (const projection of selected) await projection.reset(trx);
      readModelChanged(trx, 'all');
      await trx('projection_failures')
        .whereIn(
          'projection',
          selected.map((projection) => projection.name),
        )
        .delete();
      await writeCheckpoints(trx, selected, 0);
    });
    // Replayed together, the projections share each read of the event store; the tables they fill are
    // analysed as they grow, so that no statement keeps a plan made while they were empty.
    const { totals } = await deliver(selected, () =>
      analyseGrownTables(db).catch((error: unknown) =>
        options.logger.warn({ err: error }, 'the grown tables were not analysed during the replay'),
      ),
    );
    await refreshPlannerStatistics(db, options.logger);
    return selected.map((projection) => ({
      projection: projection.name,
      ...(totals.get(projection.name) ?? { events: 0, failures: 0 }),
    }));
  };

  const notify = () => {
    catchUp().catch((error) => options.logger.error({ err: error }, 'projection catch-up failed'));
  };

  const inline: InlineDelivery = {
    apply: (trx, events) => (replaying ? Promise.resolve(false) : deliverAppended(trx, projections, events)),
    committed(position) {
      // A replay that began meanwhile has reset the checkpoints: it, not this commit, says where they stand.
      if (!replaying) delivered = position;
    },
  };

  return {
    catchUp,
    replay,
    notify,
    inline,
    rebuild: async (name) => {
      await replay(name);
    },
    async waitFor(position, timeoutMs = DEFAULT_WAIT_MS) {
      if (delivered >= position) return;
      // The catch-up the append's commit woke is queued or running: usually it has delivered the position.
      await queue;
      if (delivered >= position) return;
      await catchUp();
      if (delivered >= position) return;
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
