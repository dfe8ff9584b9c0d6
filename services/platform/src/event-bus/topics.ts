import type { RecordedEvent } from '../event-store/types';

/** The default prefix of every Yoman topic and consumer group (`KAFKA_TOPIC_PREFIX`). */
export const TOPIC_PREFIX = 'yoman.';

/** The topic of a module (`trade` → `yoman.trade`). */
export function moduleTopic(module: string, prefix: string = TOPIC_PREFIX): string {
  return `${prefix}${module}`;
}

/** The module of an event type: its text before the first dot (`trade.logged.v1` → `trade`). */
export function moduleOfEventType(type: string): string {
  const dot = type.indexOf('.');
  if (dot <= 0) throw new Error(`The event type ${type} names no module before its first dot`);
  return type.slice(0, dot);
}

/** The topic an event goes to: its module's, named by its type up to the first dot (`trade.logged.v1`). */
export function topicForEvent(event: Pick<RecordedEvent, 'type'>, prefix: string = TOPIC_PREFIX): string {
  return moduleTopic(moduleOfEventType(event.type), prefix);
}

/**
 * The partition of a stream: FNV-1a of its id modulo the partition count. The relay places every event by
 * it, and the read-your-writes wait looks up the same partition's checkpoint, so both must agree.
 */
export function partitionOf(streamId: string, partitions: number): number {
  return fnv1a(streamId) % partitions;
}

/** The 32-bit FNV-1a hash of a text's UTF-16 code units: stable across processes and versions. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
