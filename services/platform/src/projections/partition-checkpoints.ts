import type { Knex } from 'knex';
import { prepared } from '../db/prepared';
import { moduleOfEventType, moduleTopic, partitionOf } from '../event-bus/topics';
import type { Projection } from './types';

const TABLE = 'projection_partition_checkpoints';

/** Where a projector reads: the topic prefix and how many partitions each topic has. */
export interface TopicLayout {
  topicPrefix: string;
  partitions: number;
}

/** The topics a projection reads: its handled event types' modules. */
export function topicsOf(projection: Projection, layout: TopicLayout): string[] {
  const modules = new Set(projection.handles.map(moduleOfEventType));
  return [...modules].map((module) => moduleTopic(module, layout.topicPrefix));
}

/** The projections among `projections` that read `topic`. */
export function readersOf(projections: readonly Projection[], topic: string, layout: TopicLayout) {
  return projections.filter((projection) => topicsOf(projection, layout).includes(topic));
}

/** Where a stream's events land: its module's topic and its partition. */
export function placeOf(event: { streamId: string; type: string }, layout: TopicLayout) {
  return {
    topic: moduleTopic(moduleOfEventType(event.type), layout.topicPrefix),
    partition: partitionOf(event.streamId, layout.partitions),
  };
}

/** One partition of one topic and the projections that read it. */
export interface PartitionReaders {
  topic: string;
  partition: number;
  projections: readonly Projection[];
}

/**
 * Locks the checkpoints of several partitions at once, always in the same order; answers each partition's
 * checkpoints by projection name, in the order of `places`. A missing checkpoint (a projection's first batch
 * of a partition) is created at 0 and the lock taken again, so the usual batch costs one statement.
 */
export async function lockCheckpointsOf(
  trx: Knex.Transaction,
  places: readonly PartitionReaders[],
): Promise<Map<string, number>[]> {
  const keys = places.flatMap(({ topic, partition, projections }) =>
    projections.map((projection) => ({ projection: projection.name, topic, partition })),
  );
  if (keys.length === 0) return places.map(() => new Map());
  const locked = (): Promise<
    { projection: string; topic: string; partition: number; position: number | string }[]
  > =>
    // As many texts as a projector has partition-and-projection counts in a batch: a few.
    prepared(
      trx(TABLE)
        .whereIn(
          ['topic', 'partition', 'projection'],
          keys.map((key) => [key.topic, key.partition, key.projection]),
        )
        .orderBy(['topic', 'partition', 'projection'])
        .forUpdate()
        .select('projection', 'topic', 'partition', 'position'),
    );
  let rows = await locked();
  if (rows.length < keys.length) {
    await trx(TABLE)
      .insert(keys.map((key) => ({ ...key, position: 0 })))
      .onConflict(['projection', 'topic', 'partition'])
      .ignore();
    rows = await locked();
  }
  return places.map(({ topic, partition }) => {
    const own = rows.filter((row) => row.topic === topic && Number(row.partition) === partition);
    return new Map(own.map((row) => [row.projection, Number(row.position)]));
  });
}

/** A partition's advanced projections and the position they moved to. */
export interface CheckpointMove {
  topic: string;
  partition: number;
  position: number;
  projections: readonly Projection[];
}

/**
 * Moves each partition's advanced projections to that partition's position and, given a notice, sends it
 * (delivered when the transaction commits) in the same statement: one round trip to end a batch.
 */
export async function writeCheckpointsOf(
  trx: Knex.Transaction,
  moves: readonly CheckpointMove[],
  notice?: { channel: string; payload: string },
): Promise<void> {
  const rows = moves.flatMap(({ topic, partition, position, projections }) =>
    projections.map((projection) => ({ projection: projection.name, topic, partition, position })),
  );
  const notify = notice ? 'select pg_notify(?, ?)' : 'select 1';
  const notifyBindings = notice ? [notice.channel, notice.payload] : [];
  if (rows.length === 0) {
    if (notice) await trx.raw(notify, notifyBindings);
    return;
  }
  await prepared(
    trx.raw(
      `with moved as (
       insert into ${TABLE} (projection, topic, partition, position, updated_at)
       select projection, topic, partition, position, now()
       from jsonb_to_recordset(?::jsonb) as m(projection text, topic text, partition int, position bigint)
       on conflict (projection, topic, partition)
       do update set position = excluded.position, updated_at = excluded.updated_at
     ) ${notify}`,
      [JSON.stringify(rows), ...notifyBindings],
    ),
  );
}

/** Sets every partition of every topic these projections read to `position` (after a rebuild up to it). */
export async function resetPartitionCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  layout: TopicLayout,
  position: number,
): Promise<void> {
  await trx(TABLE)
    .whereIn(
      'projection',
      projections.map((projection) => projection.name),
    )
    .delete();
  const rows = projections.flatMap((projection) =>
    topicsOf(projection, layout).flatMap((topic) =>
      Array.from({ length: layout.partitions }, (_, partition) => ({
        projection: projection.name,
        topic,
        partition,
        position,
      })),
    ),
  );
  if (rows.length > 0) await trx(TABLE).insert(rows);
}

/** Locks every partition checkpoint of these projections, so no projector applies a batch meanwhile. */
export async function lockAllPartitionCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  layout: TopicLayout,
): Promise<void> {
  const places = projections.flatMap((projection) =>
    topicsOf(projection, layout).flatMap((topic) =>
      Array.from({ length: layout.partitions }, (_, partition) => ({
        topic,
        partition,
        projections: [projection],
      })),
    ),
  );
  await lockCheckpointsOf(trx, places);
}
