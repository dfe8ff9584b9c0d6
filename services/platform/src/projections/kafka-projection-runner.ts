import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventBatch, EventBus } from '../event-bus/types';
import { headPosition, readEventsAfter } from '../event-store/event-reads';
import type { CommittedEvent } from '../event-store/postgres-event-store';
import type { RecordedEvent } from '../event-store/types';
import { createGroupCommit } from '../group-commit';
import { unavailable } from '../http/errors';
import { type CheckpointNotice, checkpointPayload, notifyCheckpoints } from './checkpoint-notifications';
import { createCheckpointWatch } from './checkpoint-watch';
import {
  lockAllPartitionCheckpoints,
  lockCheckpointsOf,
  placeOf,
  readersOf,
  resetPartitionCheckpoints,
  type TopicLayout,
  topicsOf,
  writeCheckpointsOf,
} from './partition-checkpoints';
import { analyseGrownTables, refreshPlannerStatistics } from './planner-statistics';
import { applyEvents, inDeliveryTransaction } from './projection-delivery';
import type { EmbeddedProjectionRunner, ProjectionReplay } from './projection-runner';
import type { Projection } from './types';

const DEFAULT_WAIT_MS = 5000;
/** Waiting for everything committed (tests between cases, a backlog after an outage) may take longer. */
const SETTLE_WAIT_MS = 120_000;
const WAIT_POLL_MS = 10;
const REPLAY_BATCH = 500;
/** Postgres answers these when two projector transactions cross; the batch is simply tried again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const MAX_BATCH_TRIES = 5;

export interface KafkaProjectionRunnerOptions extends TopicLayout {
  db: Knex;
  projections: readonly Projection[];
  logger: Logger;
  /** The bus to consume from, with the group this process joins; absent: this process only waits (api). */
  consumer?: { bus: EventBus; group: string };
  /**
   * The installation's checkpoint channel: projectors notify it in each transaction, and waits listen on it
   * over a connection of their own when `connectionString` is given (PostgreSQL; PGlite polls).
   */
  notifications?: { channel: string; connectionString?: string };
}

/**
 * Projections fed by Kafka (the distributed mode). A projector process consumes its service's topics and
 * applies each partition batch with that partition's checkpoints in one transaction; an api process only
 * waits on those checkpoints for read-your-writes. Pausing (`stop`) holds batches back without leaving the
 * consumer group, so a test can empty the tables in between.
 */
/** The Kafka runner, with the last step of its life: letting go of batches held while paused. */
export interface KafkaProjectionRunner extends EmbeddedProjectionRunner {
  /**
   * Refuses every batch from now on (left uncommitted for the next member) and stops listening for
   * checkpoint notifications; call before the bus stops.
   */
  close(): Promise<void>;
}

export function createKafkaProjectionRunner(options: KafkaProjectionRunnerOptions): KafkaProjectionRunner {
  const { db, projections, logger } = options;
  let resume: Promise<void> | undefined;
  let release: (() => void) | undefined;
  let consuming = false;
  let closed = false;

  /**
   * Applies partition batches in one transaction: for each projection, the events of every batch it reads
   * after its checkpoint of that batch's partition, in position order (so each stream's order holds), then
   * every partition's checkpoint. One transaction for a fetch's batches instead of one per partition.
   */
  const applyBatches = async (batches: readonly EventBatch[]) => {
    const places = [...batches]
      .map((batch) => ({ ...batch, readers: readersOf(projections, batch.topic, options) }))
      .filter((place) => place.readers.length > 0 && place.events.length > 0)
      // Always locked in the same order, so two transactions never wait on each other's checkpoints.
      .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
    if (places.length === 0) return;
    await inDeliveryTransaction(db, async (trx, isolate) => {
      const checkpoints = await lockCheckpointsOf(
        trx,
        places.map((place) => ({ ...place, projections: place.readers })),
      );
      const located = places.map((place, index) => ({
        ...place,
        checkpoints: checkpoints[index] as Map<string, number>,
        position: Math.max(...place.events.map((event) => event.position)),
        projections: [] as Projection[],
      }));
      for (const projection of projections) {
        const handles = new Set(projection.handles);
        const own: RecordedEvent[] = [];
        for (const place of located) {
          const checkpoint = place.checkpoints.get(projection.name);
          if (checkpoint === undefined || checkpoint >= place.position) continue;
          // At or below the checkpoint: already applied (a redelivery after a crash or a rebalance).
          own.push(...place.events.filter((event) => event.position > checkpoint && handles.has(event.type)));
          place.projections.push(projection);
        }
        own.sort((a, b) => a.position - b.position);
        await applyEvents(trx, projection, own, logger, isolate);
      }
      await writeCheckpointsOf(
        trx,
        located,
        channel ? { channel, payload: checkpointPayload(noticesOf(located)) } : undefined,
      );
    });
  };

  const group = createGroupCommit<EventBatch>(async (batches) => {
    // Thrown, not returned: the bus must not commit the offsets of events nobody applied.
    if (closed)
      throw new Error('the projector is closing; the batch is left to the next member of the group');
    await withRetries(() => applyBatches(batches), logger);
  });

  const handleBatch = async (batch: EventBatch) => {
    while (resume) await resume;
    if (closed)
      throw new Error('the projector is closing; the batch is left to the next member of the group');
    await group.add(batch);
  };

  const ownAppends = createRecentAppends();
  const channel = options.notifications?.channel;
  const connectionString = options.notifications?.connectionString;
  const watch = createCheckpointWatch(
    db,
    logger,
    channel && connectionString ? { channel, connectionString } : undefined,
  );

  /** Waits until every reader of the event's partition has a checkpoint at or past its position. */
  const waitForEvent = (event: { streamId: string; type: string; position: number }, deadline: number) => {
    const { topic, partition } = placeOf(event, options);
    const readers = readersOf(projections, topic, options).map((projection) => projection.name);
    return watch.until({ projections: readers, topic, partition, position: event.position, deadline });
  };

  /** Waits until every committed event after the lowest checkpoint is in the read models. */
  const settle = async (timeoutMs = SETTLE_WAIT_MS) => {
    const deadline = Date.now() + timeoutMs;
    const latest: { stream_id: string; type: string; position: number | string }[] = await db('events')
      .distinctOn('stream_id')
      .select('stream_id', 'type', 'position')
      .orderBy([{ column: 'stream_id' }, { column: 'position', order: 'desc' }]);
    // Positions grow along a partition, so each partition's furthest event stands for all of its events.
    const furthest = new Map<string, { streamId: string; type: string; position: number }>();
    for (const row of latest) {
      const event = { streamId: row.stream_id, type: row.type, position: Number(row.position) };
      const { topic, partition } = placeOf(event, options);
      const key = `${topic}\n${partition}`;
      if ((furthest.get(key)?.position ?? 0) < event.position) furthest.set(key, event);
    }
    await Promise.all([...furthest.values()].map((event) => waitForEvent(event, deadline)));
  };

  const replay = async (name?: string): Promise<ProjectionReplay[]> => {
    const selected = name === undefined ? projections : projections.filter((each) => each.name === name);
    if (selected.length === 0) {
      throw new Error(`No projection named ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
    }
    // One transaction holding every partition checkpoint: projectors wait, then skip what the replay applied.
    const replayed = await db.transaction(async (trx) => {
      await lockAllPartitionCheckpoints(trx, selected, options);
      for (const projection of selected) await projection.reset(trx);
      await trx('projection_failures')
        .whereIn(
          'projection',
          selected.map((projection) => projection.name),
        )
        .delete();
      const head = await headPosition(trx);
      const counts = await replayUpTo(trx, selected, head, logger);
      await resetPartitionCheckpoints(trx, selected, options, head);
      if (channel) await notifyCheckpoints(trx, channel, []);
      return counts;
    });
    await refreshPlannerStatistics(db, logger);
    return replayed;
  };

  return {
    catchUp: () => settle(),
    notify: (last) => {
      if (last) ownAppends.remember(last);
    },
    replay,
    rebuild: async (name) => {
      await replay(name);
    },
    async waitFor(position, timeoutMs = DEFAULT_WAIT_MS) {
      // An append writes one stream, so its last event names the partition every one of its events is on.
      const deadline = Date.now() + timeoutMs;
      const known = ownAppends.take(position);
      if (known) return waitForEvent({ ...known, position }, deadline);
      for (;;) {
        const row: { stream_id: string; type: string } | undefined = await db('events')
          .where({ position })
          .first('stream_id', 'type');
        if (row) return waitForEvent({ streamId: row.stream_id, type: row.type, position }, deadline);
        if (Date.now() >= deadline) throw unavailable();
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      }
    },
    async start() {
      release?.();
      resume = undefined;
      release = undefined;
      if (!options.consumer || consuming) return;
      consuming = true;
      const topics = [...new Set(projections.flatMap((projection) => topicsOf(projection, options)))];
      if (topics.length === 0) return;
      options.consumer.bus.subscribe({ group: options.consumer.group, topics }, handleBatch);
      await options.consumer.bus.start();
    },
    async close() {
      closed = true;
      release?.();
      resume = undefined;
      release = undefined;
      await watch.close();
    },
    async stop() {
      resume ??= new Promise<void>((resolve) => {
        release = resolve;
      });
      await group.idle();
    },
  };
}

/** Appends of this process not waited on yet never number more than this (the oldest are forgotten). */
const RECENT_APPENDS = 10_000;

/**
 * Where this process's recent appends went, so a command's read-your-writes wait need not ask the events
 * table which stream its position belongs to. A position it does not know is looked up as before.
 */
function createRecentAppends() {
  const recent = new Map<number, { streamId: string; type: string }>();
  return {
    remember({ position, streamId, type }: CommittedEvent) {
      recent.set(position, { streamId, type });
      if (recent.size > RECENT_APPENDS) recent.delete(recent.keys().next().value as number);
    },
    take(position: number) {
      const known = recent.get(position);
      recent.delete(position);
      return known;
    },
  };
}

/** What a projector transaction moved: each advanced projection's checkpoint of each partition. */
function noticesOf(
  moves: readonly {
    topic: string;
    partition: number;
    position: number;
    projections: readonly Projection[];
  }[],
): CheckpointNotice[] {
  return moves.flatMap(({ topic, partition, position, projections }) =>
    projections.map((projection) => ({ projection: projection.name, topic, partition, position })),
  );
}

async function withRetries(work: () => Promise<void>, logger: Logger): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= MAX_BATCH_TRIES || typeof code !== 'string' || !RETRYABLE_CODES.has(code)) throw error;
      logger.warn({ err: error, attempt }, 'a projector batch met another transaction; trying again');
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Applies every event up to `head` to these projections inside `trx`; answers what each was given. */
async function replayUpTo(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  head: number,
  logger: Logger,
): Promise<ProjectionReplay[]> {
  const counts = new Map(projections.map((projection) => [projection.name, { events: 0, failures: 0 }]));
  const types = [...new Set(projections.flatMap((projection) => projection.handles))];
  for (let after = 0; after < head; ) {
    const events = await readEventsAfter(trx, { after, upTo: head, types, limit: REPLAY_BATCH });
    if (events.length === 0) break;
    for (const projection of projections) {
      const handles = new Set(projection.handles);
      const own = events.filter((event) => handles.has(event.type));
      const count = counts.get(projection.name) as { events: number; failures: number };
      count.events += own.length;
      count.failures += await applyEvents(trx, projection, own, logger);
    }
    after = (events.at(-1) as { position: number }).position;
    // No statement keeps a plan made while the tables it reads were empty.
    await analyseGrownTables(trx);
  }
  return projections.map((projection) => ({
    projection: projection.name,
    ...(counts.get(projection.name) as { events: number; failures: number }),
  }));
}
