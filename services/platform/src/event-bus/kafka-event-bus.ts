import { type Consumer, Kafka, type LogEntry, logLevel, type Message } from 'kafkajs';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types';
import { topicForEvent } from './topics';
import type { EventBus, EventBusHandler, EventBusSubscription } from './types';

export interface KafkaEventBusOptions {
  /** `host:port` of each broker. */
  brokers: readonly string[];
  clientId: string;
  logger: Logger;
  /** How often kafkajs retries a failed request before giving up (default 5). */
  retries?: number;
}

/** The Kafka event bus, with the admin step that creates its topics (brokers never auto-create them). */
export interface KafkaEventBus extends EventBus {
  /** Creates the topics that do not exist yet; existing ones are left as they are. */
  ensureTopics(topics: readonly string[], partitions?: number, replicationFactor?: number): Promise<void>;
}

/** An event as it travels on Kafka: the stored event with its time as ISO text. */
const wireEvent = z.object({
  position: z.number().int(),
  streamId: z.string(),
  streamType: z.string(),
  version: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.iso.datetime().transform((text) => new Date(text)),
});

function toMessage(event: RecordedEvent): Message {
  return {
    key: event.streamId,
    value: JSON.stringify({ ...event, recordedAt: event.recordedAt.toISOString() }),
    headers: { 'event-type': event.type, position: String(event.position) },
  };
}

/** kafkajs logs through pino, quietly: only warnings and errors. */
function pinoLogCreator(logger: Logger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...rest } = log;
      if (level <= logLevel.ERROR) logger.error(rest, `kafka: ${message}`);
      else if (level === logLevel.WARN) logger.warn(rest, `kafka: ${message}`);
    };
}

/**
 * The event bus on Kafka (kafkajs): one topic per module, keyed by stream id, an idempotent producer and
 * consumers that commit an offset only after its event was handled.
 */
export function createKafkaEventBus(options: KafkaEventBusOptions): KafkaEventBus {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.WARN,
    logCreator: pinoLogCreator(options.logger),
    retry: { retries: options.retries ?? 5, initialRetryTime: 200 },
  });
  // Idempotence needs one request in flight, which also keeps each partition in publish order.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
  });
  const subscriptions: { subscription: EventBusSubscription; handler: EventBusHandler }[] = [];
  const consumers: Consumer[] = [];
  let producing: Promise<void> | undefined;
  let stopping = false;
  const handling = new Set<Promise<void>>();

  const consume = async ({ group, topics }: EventBusSubscription, handler: EventBusHandler) => {
    const consumer = kafka.consumer({ groupId: group, allowAutoTopicCreation: false });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        // A message that arrives while stopping is left uncommitted: the group hands it over after a restart.
        if (stopping) return;
        const handled = (async () => {
          const event = wireEvent.parse(JSON.parse(message.value?.toString() ?? 'null'));
          await handler(event);
          // The next offset to read; a crash before this line hands the event over again (handlers are idempotent).
          await consumer.commitOffsets([
            { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
          ]);
        })();
        handling.add(handled);
        try {
          await handled;
        } finally {
          handling.delete(handled);
        }
      },
    });
  };

  return {
    async publish(events) {
      if (events.length === 0) return;
      producing ??= producer.connect();
      await producing;
      const byTopic = new Map<string, Message[]>();
      for (const event of events) {
        const topic = topicForEvent(event);
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), toMessage(event)]);
      }
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    },
    subscribe(subscription, handler) {
      if (subscriptions.some((each) => each.subscription.group === subscription.group)) {
        throw new Error(`Two subscriptions share the consumer group ${subscription.group}`);
      }
      subscriptions.push({ subscription, handler });
    },
    async start() {
      stopping = false;
      producing ??= producer.connect();
      await producing;
      for (const { subscription, handler } of subscriptions) await consume(subscription, handler);
    },
    async stop() {
      // Handled events get their offsets committed before the consumers leave their groups.
      stopping = true;
      await Promise.allSettled([...handling]);
      await Promise.allSettled(consumers.splice(0).map((consumer) => consumer.disconnect()));
      if (producing) await producer.disconnect();
      producing = undefined;
    },
    async ensureTopics(topics, partitions = 3, replicationFactor = 1) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const existing = new Set(await admin.listTopics());
        const missing = topics.filter((topic) => !existing.has(topic));
        if (missing.length === 0) return;
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor })),
        });
      } finally {
        await admin.disconnect();
      }
    },
  };
}
