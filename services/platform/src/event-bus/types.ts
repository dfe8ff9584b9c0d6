import type { RecordedEvent } from '../event-store/types';

/** Events of one partition of one topic, in the order they were published. */
export interface EventBatch {
  topic: string;
  partition: number;
  events: readonly RecordedEvent[];
}

/** Handles one batch a subscription received; its offsets are committed only after this resolves. */
export type EventBusHandler = (batch: EventBatch) => Promise<void>;

export interface EventBusSubscription {
  /** The consumer group: one per projector, so each keeps its own place in the topics. */
  group: string;
  topics: readonly string[];
}

/** Whether a subscription's consumer is a member of its group: joined, and not crashed or rebalancing since. */
export interface GroupMembership {
  group: string;
  joined: boolean;
}

/**
 * Carries committed events between processes in the distributed mode: the relay publishes, projectors
 * subscribe. Events of one stream keep their order; a group resumes where it last committed.
 */
export interface EventBus {
  /** Publishes events in the order given, each to its module's topic and its stream's partition. */
  publish(events: readonly RecordedEvent[]): Promise<void>;
  /** Registers a handler before `start()`; batches arrive per partition, in order within a stream. */
  subscribe(subscription: EventBusSubscription, handler: EventBusHandler): void;
  start(): Promise<void>;
  /** Disconnects every consumer and the producer; offsets already committed stay. */
  stop(): Promise<void>;
  /** Each subscription's group, and whether its consumer is in it now (only a joined member is handed events). */
  memberships(): readonly GroupMembership[];
}
