import type { RecordedEvent } from '../event-store/types';

/** Prefix of every Yoman topic, so a shared cluster can tell them apart. */
export const TOPIC_PREFIX = 'yoman.';

/** The topic of a module (`trade` → `yoman.trade`). */
export function moduleTopic(module: string): string {
  return `${TOPIC_PREFIX}${module}`;
}

/** The topic an event goes to: its module's, named by its type up to the first dot (`trade.logged.v1`). */
export function topicForEvent(event: Pick<RecordedEvent, 'type'>): string {
  const dot = event.type.indexOf('.');
  if (dot <= 0) throw new Error(`The event type ${event.type} names no module before its first dot`);
  return moduleTopic(event.type.slice(0, dot));
}
