import type { RecordedEvent } from '../event-store/types';

/** Handles one event a subscription received; its offset is committed only after this resolves. */
export type EventBusHandler = (event: RecordedEvent) => Promise<void>;

export interface EventBusSubscription {
  /** The consumer group: one per projector, so each keeps its own place in the topics. */
  group: string;
  topics: readonly string[];
}

/**
 * Carries committed events between processes in the distributed mode: the relay publishes, projectors
 * subscribe. Events of one stream keep their order; a group resumes where it last committed.
 */
export interface EventBus {
  /** Publishes events in the order given, each to its module's topic keyed by its stream id. */
  publish(events: readonly RecordedEvent[]): Promise<void>;
  /** Registers a handler before `start()`; events arrive one at a time, in order within a stream. */
  subscribe(subscription: EventBusSubscription, handler: EventBusHandler): void;
  start(): Promise<void>;
  /** Disconnects every consumer and the producer; offsets already committed stay. */
  stop(): Promise<void>;
}
