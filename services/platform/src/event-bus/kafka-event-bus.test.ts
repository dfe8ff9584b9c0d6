import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/types';
import { needsInfra } from '../testing/needs-infra';
import { createKafkaEventBus, type KafkaEventBus } from './kafka-event-bus';
import { moduleTopic, partitionOf, topicForEvent } from './topics';

const brokers = process.env.YOMAN_TEST_KAFKA_BROKERS;
const onKafka = needsInfra('YOMAN_TEST_KAFKA_BROKERS');
const logger = pino({ level: 'silent' });

describe('event topics', () => {
  it('names the topic after the module before the first dot of the type', () => {
    expect(topicForEvent({ type: 'trade.logged.v1' })).toBe('yoman.trade');
    expect(topicForEvent({ type: 'trade.logged.v1' }, 'acme.')).toBe('acme.trade');
    expect(moduleTopic('league')).toBe('yoman.league');
    expect(() => topicForEvent({ type: 'nodot' })).toThrow(/no module/);
  });

  it('places a stream on one partition, spreading streams over all of them', () => {
    const streams = Array.from({ length: 300 }, (_, n) => `trade-${n}`);
    const placed = streams.map((stream) => partitionOf(stream, 3));
    expect(streams.map((stream) => partitionOf(stream, 3))).toEqual(placed);
    for (const partition of [0, 1, 2]) {
      expect(placed.filter((each) => each === partition).length).toBeGreaterThan(60);
    }
  });
});

onKafka.describe('the Kafka event bus on a real broker', () => {
  const module = `t${randomBytes(4).toString('hex')}`;
  const topic = moduleTopic(module);
  const buses: KafkaEventBus[] = [];
  let position = 0;
  const versions = new Map<string, number>();

  const busFor = (clientId: string) => {
    const bus = createKafkaEventBus({
      brokers: (brokers as string).split(','),
      clientId,
      logger,
      retries: 2,
    });
    buses.push(bus);
    return bus;
  };
  /** The next event of a stream, as the event store would have recorded it. */
  const eventOf = (streamId: string, n: number): RecordedEvent => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    position += 1;
    return {
      position,
      streamId,
      streamType: module,
      version,
      type: `${module}.happened.v1`,
      data: { n },
      metadata: { userId: 'u-1' },
      recordedAt: new Date(Date.UTC(2026, 1, 1, 8, 0, position)),
    };
  };
  /** Subscribes `group` with a fresh bus and resolves the received events once `count` arrived. */
  const receive = (group: string, count: number) => {
    const bus = busFor(`${group}-consumer`);
    const received: RecordedEvent[] = [];
    const all = new Promise<RecordedEvent[]>((resolve) =>
      bus.subscribe({ group, topics: [topic] }, async (batch) => {
        received.push(...batch.events);
        if (received.length >= count) resolve(received);
      }),
    );
    return { bus, received, all };
  };

  beforeAll(async () => {
    const admin = busFor('admin');
    await admin.ensureTopics([topic], 3);
    await admin.ensureTopics([topic], 3);
  });
  afterAll(async () => {
    await Promise.allSettled(buses.map((bus) => bus.stop()));
  });

  it('publishes in order and delivers each stream in order, the event intact', async () => {
    const streams = ['s-a', 's-b', 's-c'];
    const sent = Array.from({ length: 30 }, (_, n) => eventOf(streams[n % 3], n));
    const producer = busFor('producer-order');
    await producer.publish(sent.slice(0, 10));
    await producer.publish(sent.slice(10));
    const { bus, all } = receive(`${module}-order`, sent.length);
    await bus.start();
    const received = await all;
    for (const stream of streams) {
      expect(received.filter((event) => event.streamId === stream)).toEqual(
        sent.filter((event) => event.streamId === stream),
      );
    }
    expect(received[0].recordedAt).toBeInstanceOf(Date);
    await bus.stop();
  });

  it('resumes a consumer group from its committed offset after a restart', async () => {
    const group = `${module}-resume`;
    const first = receive(group, 30);
    await first.bus.start();
    await first.all;
    await first.bus.stop();
    const later = [eventOf('s-a', 100), eventOf('s-b', 101), eventOf('s-a', 102)];
    await busFor('producer-resume').publish(later);
    const second = receive(group, later.length);
    await second.bus.start();
    const received = await second.all;
    // Give a wrongly replayed old event time to show up before checking.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.received).toHaveLength(later.length);
    expect(received.map((event) => event.position).sort((a, b) => a - b)).toEqual(
      later.map((event) => event.position),
    );
    await second.bus.stop();
  });

  it('refuses to publish to a topic nobody created', async () => {
    const bus = busFor('producer-missing');
    const stray = { ...eventOf('s-x', 1), type: `${module}x.happened.v1` };
    await expect(bus.publish([stray])).rejects.toThrow();
  });
});
