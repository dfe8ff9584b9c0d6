import type { Consumer, Kafka, LogEntry, Message } from 'kafkajs';
import type { Logger } from 'pino';
import { z } from 'zod';
import { distributedDrivers } from '../distributed-drivers';
import type { RecordedEvent } from '../event-store/types';
import { createOffsetCommits } from './offset-commits';
import { partitionOf, TOPIC_PREFIX, topicForEvent } from './topics';
import type { EventBus, EventBusHandler, EventBusSubscription, GroupMembership } from './types';

export interface KafkaEventBusOptions {
  /** `host:port` of each broker. */
  brokers: readonly string[];
  clientId: string;
  logger: Logger;
  /** How often kafkajs retries a failed request before giving up (default 5). */
  retries?: number;
  /** Prefix of the topics (`KAFKA_TOPIC_PREFIX`, default `yoman.`); consumer groups are named by the caller. */
  topicPrefix?: string;
  /** Partitions of each topic (`KAFKA_PARTITIONS`, default 3): `ensureTopics` creates them, `publish` places by them. */
  partitions?: number;
}

/** The Kafka event bus, with the admin steps around its topics (brokers never auto-create them). */
export interface KafkaEventBus extends EventBus {
  /** Creates the topics that do not exist yet; existing ones are left as they are. */
  ensureTopics(topics: readonly string[], partitions?: number, replicationFactor?: number): Promise<void>;
  /** How many partitions each existing topic has on the brokers (missing topics are left out). */
  partitionCounts(topics: readonly string[]): Promise<Map<string, number>>;
}

/** How often a consumer busy with one batch tells the group it is alive (kafkajs throttles to its interval). */
const HEARTBEAT_MS = 1_000;
/** How long the group waits for a member that stopped heartbeating (ms); see `consume`. */
const SESSION_TIMEOUT_MS = 6_000;
/** The longest an idle fetch waits for new messages (ms). */
const FETCH_WAIT_MS = 1_000;
/** The first wait before a consumer kafkajs gave up on is started again, doubled up to the last. */
const CONSUMER_RESTART_MS = [500, 1_000, 2_000, 5_000, 10_000] as const;

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

function toMessage(event: RecordedEvent, partitions: number): Message {
  return {
    key: event.streamId,
    // Placed explicitly, so the read-your-writes wait can find the partition without asking the brokers.
    partition: partitionOf(event.streamId, partitions),
    value: JSON.stringify({ ...event, recordedAt: event.recordedAt.toISOString() }),
    headers: { 'event-type': event.type, position: String(event.position) },
  };
}

// Bounded retries are on purpose: a publish that gives up is retried whole by the relay, and consumers
// skip what they already applied, so this warning says nothing an operator must act on.
const EXPECTED_WARNINGS = ['Limiting retries for the idempotent producer'];

/** kafkajs logs through pino, quietly: only warnings and errors. */
function pinoLogCreator(logger: Logger) {
  const { logLevel } = distributedDrivers.kafkajs();
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...rest } = log;
      if (EXPECTED_WARNINGS.some((expected) => message.startsWith(expected))) return;
      if (level <= logLevel.ERROR) logger.error(rest, `kafka: ${message}`);
      else if (level === logLevel.WARN) logger.warn(rest, `kafka: ${message}`);
    };
}

/**
 * The event bus on Kafka (kafkajs): one topic per module, each stream on one partition, an idempotent
 * producer and consumers that commit a batch's offsets only after the batch was handled.
 */
export function createKafkaEventBus(options: KafkaEventBusOptions): KafkaEventBus {
  const topicPrefix = options.topicPrefix ?? TOPIC_PREFIX;
  const partitions = options.partitions ?? 3;
  const { Kafka, logLevel, Partitioners } = distributedDrivers.kafkajs();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.WARN,
    logCreator: pinoLogCreator(options.logger),
    retry: { retries: options.retries ?? 5, initialRetryTime: 200 },
  });
  // Idempotence needs one request in flight, which also keeps each partition in publish order.
  const producer = kafka.producer({
    // Every message names its partition (`partitionOf`); the partitioner is never asked.
    createPartitioner: Partitioners.DefaultPartitioner,
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
  });
  const subscriptions: { subscription: EventBusSubscription; handler: EventBusHandler }[] = [];
  /** The live consumers, each with its group and whether it joined since its last crash or rebalance. */
  const consumers = new Map<Consumer, GroupMembership>();
  let producing: Promise<void> | undefined;
  let stopping = false;
  const handling = new Set<Promise<void>>();
  const commits: ReturnType<typeof createOffsetCommits>[] = [];

  const consume = async ({ group, topics }: EventBusSubscription, handler: EventBusHandler) => {
    const consumer = kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: false,
      // A fetch waits this long on an idle partition (kafkajs: 5 s); leaving the group waits for it, so a
      // short wait lets a projector stop within a second. New events still end a fetch at once.
      maxWaitTimeInMs: FETCH_WAIT_MS,
      // A member that went without leaving its group holds its partitions until its session times out: a
      // killed projector, and a consumer kafkajs started again after the broker went away (it joins as a new
      // member, and the group waits for the old one). 6 s, the least a broker accepts by default
      // (group.min.session.timeout.ms), instead of kafkajs's 30 s; heartbeats every second stay well inside it.
      sessionTimeout: SESSION_TIMEOUT_MS,
      rebalanceTimeout: 10_000,
      heartbeatInterval: 1_000,
    });
    const membership: GroupMembership = { group, joined: false };
    consumers.set(consumer, membership);
    // A member until it crashes or its group rebalances: a consumer started again, or joining while the group
    // waits for a member that went away (up to a session), is handed nothing meanwhile.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      membership.joined = true;
    });
    for (const left of [consumer.events.REBALANCING, consumer.events.CRASH, consumer.events.STOP]) {
      consumer.on(left, () => {
        membership.joined = false;
      });
    }
    const offsets = createOffsetCommits(consumer, options.logger);
    commits.push(offsets);
    // kafkajs starts a crashed consumer again only after a failure it deems retriable. One it gave up on
    // (the broker away longer than the retries allow: "Failed to find group coordinator") would stay
    // stopped while the process lives on, and the read models would fall behind for good.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || stopping) return;
      options.logger.warn(
        { group, error: payload.error?.message },
        'Kafka consumer stopped after a failure it does not retry; starting it again',
      );
      void startAgain({ group, topics }, handler, consumer, offsets);
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    } catch (error) {
      consumers.delete(consumer);
      commits.splice(commits.indexOf(offsets), 1);
      await consumer.disconnect().catch(() => {});
      throw error;
    }
    await consumer.run({
      autoCommit: false,
      // Every partition's batch of a fetch is handed over at once, so the handler can apply them together.
      partitionsConsumedConcurrently: topics.length * partitions,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        // A batch that arrives while stopping is left uncommitted: the group hands it over after a restart.
        if (stopping || !isRunning() || isStale() || batch.messages.length === 0) return;
        const handled = (async () => {
          const events = batch.messages.map((message) =>
            wireEvent.parse(JSON.parse(message.value?.toString() ?? 'null')),
          );
          // A long batch (a big transaction, a paused projector) keeps its place in the group: without
          // heartbeats the group would hand the partition over and the batch would arrive again later.
          const beating = setInterval(() => heartbeat().catch(() => {}), HEARTBEAT_MS);
          try {
            await handler({ topic: batch.topic, partition: batch.partition, events });
          } finally {
            clearInterval(beating);
          }
          const last = batch.lastOffset();
          resolveOffset(last);
          // The next offset to read, committed soon without holding up the next fetch: a crash before the
          // commit lands hands the batch over again, and the handler skips what its checkpoint already covers.
          offsets.handled(batch.topic, batch.partition, (BigInt(last) + 1n).toString());
          await heartbeat();
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

  /** Replaces a consumer kafkajs gave up on with a new one in its group, waiting longer after each failure. */
  const startAgain = async (
    subscription: EventBusSubscription,
    handler: EventBusHandler,
    stopped: Consumer,
    stoppedOffsets: ReturnType<typeof createOffsetCommits>,
  ) => {
    consumers.delete(stopped);
    commits.splice(commits.indexOf(stoppedOffsets), 1);
    await stopped.disconnect().catch(() => {});
    for (let attempt = 0; !stopping; attempt += 1) {
      const waitMs = CONSUMER_RESTART_MS[Math.min(attempt, CONSUMER_RESTART_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (stopping) return;
      try {
        await consume(subscription, handler);
        options.logger.info({ group: subscription.group }, 'Kafka consumer started again');
        return;
      } catch (error) {
        options.logger.warn(
          { group: subscription.group, error: (error as Error).message, retryInMs: waitMs },
          'Kafka consumer could not start again; trying later',
        );
      }
    }
  };

  const withAdmin = async <Result>(work: (admin: ReturnType<Kafka['admin']>) => Promise<Result>) => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.disconnect();
    }
  };

  return {
    async publish(events) {
      if (events.length === 0) return;
      producing ??= producer.connect();
      await producing;
      const byTopic = new Map<string, Message[]>();
      for (const event of events) {
        const topic = topicForEvent(event, topicPrefix);
        const messages = byTopic.get(topic) ?? [];
        messages.push(toMessage(event, partitions));
        byTopic.set(topic, messages);
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
      for (const { subscription, handler } of subscriptions) await consume(subscription, handler);
    },
    async stop() {
      // Handled batches get their offsets committed before the consumers leave their groups.
      stopping = true;
      await Promise.allSettled([...handling]);
      await Promise.allSettled(commits.splice(0).map((offsets) => offsets.flush()));
      const leaving = [...consumers.keys()];
      consumers.clear();
      await Promise.allSettled(leaving.map((consumer) => consumer.disconnect()));
      if (producing) await producer.disconnect().catch(() => {});
      producing = undefined;
    },
    memberships: () =>
      subscriptions.map(({ subscription: { group } }) => ({
        group,
        joined: [...consumers.values()].some((each) => each.group === group && each.joined),
      })),
    partitionCounts: (topics) =>
      withAdmin(async (admin) => {
        const existing = new Set(await admin.listTopics());
        const wanted = topics.filter((topic) => existing.has(topic));
        if (wanted.length === 0) return new Map<string, number>();
        const metadata = await admin.fetchTopicMetadata({ topics: wanted });
        return new Map(metadata.topics.map((topic) => [topic.name, topic.partitions.length]));
      }),
    ensureTopics: (topics, count = partitions, replicationFactor = 1) =>
      withAdmin(async (admin) => {
        const existing = new Set(await admin.listTopics());
        const missing = topics.filter((topic) => !existing.has(topic));
        if (missing.length === 0) return;
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({ topic, numPartitions: count, replicationFactor })),
        });
      }),
  };
}
