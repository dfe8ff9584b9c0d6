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

/** Locks these projections' checkpoints of one partition (creating missing ones at 0); answers them by name. */
export async function lockPartitionCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  topic: string,
  partition: number,
): Promise<Map<string, number>> {
  const names = projections.map((projection) => projection.name);
  await trx(TABLE)
    .insert(names.map((projection) => ({ projection, topic, partition, position: 0 })))
    .onConflict(['projection', 'topic', 'partition'])
    .ignore();
  const rows: { projection: string; position: number | string }[] = await trx(TABLE)
    .where({ topic, partition })
    .whereIn('projection', names)
    .orderBy('projection')
    .forUpdate()
    .select('projection', 'position');
  return new Map(rows.map((row) => [row.projection, Number(row.position)]));
}

/** Moves these projections' checkpoints of one partition to `position`, in one statement. */
export async function writePartitionCheckpoints(
  trx: Knex.Transaction,
  projections: readonly Projection[],
  topic: string,
  partition: number,
  position: number,
): Promise<void> {
  if (projections.length === 0) return;
  await trx(TABLE)
    .insert(
      projections.map((projection) => ({
        projection: projection.name,
        topic,
        partition,
        position,
        updated_at: trx.fn.now(),
      })),
    )
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
  for (const projection of projections) {
    for (const topic of topicsOf(projection, layout)) {
      for (let partition = 0; partition < layout.partitions; partition += 1) {
        await lockPartitionCheckpoints(trx, [projection], topic, partition);
      }
    }
  }
}
