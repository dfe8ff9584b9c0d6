import type { Knex } from 'knex';
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
 * Locks the checkpoints of several partitions at once (creating missing ones at 0), always in the same
 * order; answers each partition's checkpoints by projection name, in the order of `places`.
 */
export async function lockCheckpointsOf(
  trx: Knex.Transaction,
  places: readonly PartitionReaders[],
): Promise<Map<string, number>[]> {
  const keys = places.flatMap(({ topic, partition, projections }) =>
    projections.map((projection) => ({ projection: projection.name, topic, partition })),
  );
  if (keys.length === 0) return places.map(() => new Map());
  await trx(TABLE)
    .insert(keys.map((key) => ({ ...key, position: 0 })))
    .onConflict(['projection', 'topic', 'partition'])
    .ignore();
  const rows: { projection: string; topic: string; partition: number; position: number | string }[] =
    await trx(TABLE)
      .whereIn(
        ['topic', 'partition', 'projection'],
        keys.map((key) => [key.topic, key.partition, key.projection]),
      )
      .orderBy(['topic', 'partition', 'projection'])
      .forUpdate()
      .select('projection', 'topic', 'partition', 'position');
  return places.map(({ topic, partition }) => {
    const own = rows.filter((row) => row.topic === topic && Number(row.partition) === partition);
    return new Map(own.map((row) => [row.projection, Number(row.position)]));
  });
}

/** Moves each partition's advanced projections to that partition's position, in one statement. */
export async function writeCheckpointsOf(
  trx: Knex.Transaction,
  moves: readonly {
    topic: string;
    partition: number;
    position: number;
    projections: readonly Projection[];
  }[],
): Promise<void> {
  const rows = moves.flatMap(({ topic, partition, position, projections }) =>
    projections.map((projection) => ({
      projection: projection.name,
      topic,
      partition,
      position,
      updated_at: trx.fn.now(),
    })),
  );
  if (rows.length === 0) return;
  await trx(TABLE)
    .insert(rows)
    .onConflict(['projection', 'topic', 'partition'])
    .merge(['position', 'updated_at']);
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
