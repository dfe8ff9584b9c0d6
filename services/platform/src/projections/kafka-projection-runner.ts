import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventBatch, EventBus } from '../event-bus/types';
import { headPosition, readEventsAfter } from '../event-store/postgres-event-store';
import { unavailable } from '../http/errors';
import { createCheckpointWatch } from './checkpoint-watch';
import {
  lockAllPartitionCheckpoints,
  lockPartitionCheckpoints,
  placeOf,
  readersOf,
  resetPartitionCheckpoints,
  type TopicLayout,
  topicsOf,
  writePartitionCheckpoints,
} from './partition-checkpoints';
import { applyEvents } from './projection-delivery';
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
}

/**
 * Projections fed by Kafka (the distributed mode). A projector process consumes its service's topics and
 * applies each partition batch with that partition's checkpoints in one transaction; an api process only
 * waits on those checkpoints for read-your-writes. Pausing (`stop`) holds batches back without leaving the
 * consumer group, so a test can empty the tables in between.
 */
/** The Kafka runner, with the last step of its life: letting go of batches held while paused. */
export interface KafkaProjectionRunner extends EmbeddedProjectionRunner {
  /** Refuses every batch from now on (left uncommitted for the next member); call before the bus stops. */
  close(): void;
}

export function createKafkaProjectionRunner(options: KafkaProjectionRunnerOptions): KafkaProjectionRunner {
  const { db, projections, logger } = options;
  let resume: Promise<void> | undefined;
  let release: (() => void) | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let consuming = false;
  let closed = false;

  const applyPartitionBatch = async ({ topic, partition, events }: EventBatch) => {
    const readers = readersOf(projections, topic, options);
    if (readers.length === 0 || events.length === 0) return;
    const last = Math.max(...events.map((event) => event.position));
    await db.transaction(async (trx) => {
      const checkpoints = await lockPartitionCheckpoints(trx, readers, topic, partition);
      const advanced: Projection[] = [];
      for (const projection of readers) {
        const checkpoint = checkpoints.get(projection.name) ?? 0;
        if (checkpoint >= last) continue;
        const handles = new Set(projection.handles);
        // At or below the checkpoint: already applied (a redelivery after a crash or a rebalance).
        const own = events.filter((event) => event.position > checkpoint && handles.has(event.type));
        await applyEvents(trx, projection, own, logger);
        advanced.push(projection);
      }
      await writePartitionCheckpoints(trx, advanced, topic, partition, last);
    });
  };

  const handleBatch = async (batch: EventBatch) => {
    while (resume) await resume;
    // Thrown, not returned: the bus must not commit the offsets of events nobody applied.
    if (closed)
      throw new Error('the projector is closing; the batch is left to the next member of the group');
    const work = withRetries(() => applyPartitionBatch(batch), logger);
    inFlight = work.catch(() => {});
    await work;
  };

  const watch = createCheckpointWatch(db, logger);

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
    return db.transaction(async (trx) => {
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
      return counts;
    });
  };

  return {
    catchUp: () => settle(),
    notify: () => {},
    replay,
    rebuild: async (name) => {
      await replay(name);
    },
    async waitFor(position, timeoutMs = DEFAULT_WAIT_MS) {
      // An append writes one stream, so its last event names the partition every one of its events is on.
      const deadline = Date.now() + timeoutMs;
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
    close() {
      closed = true;
      release?.();
      resume = undefined;
      release = undefined;
    },
    async stop() {
      resume ??= new Promise<void>((resolve) => {
        release = resolve;
      });
      await inFlight;
    },
  };
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
  }
  return projections.map((projection) => ({
    projection: projection.name,
    ...(counts.get(projection.name) as { events: number; failures: number }),
  }));
}
