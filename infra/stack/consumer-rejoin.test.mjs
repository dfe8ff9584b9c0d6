// A consumer of the event bus after its lone broker was away: kafkajs gives the consumer up and starts it again
// as a new member of its group, and the broker hands the group's partitions to that member only once the old
// member's session has ended. The bus's session is 6 s (kafka-event-bus.ts), so events flow again within
// about that of the broker's return; with kafkajs's default it was 30 s, with the bus's earlier 10 s about 10.
// Needs YOMAN_TEST_KAFKA_BROKERS (the infra suite with Kafka) and a JVM: it starts a broker of its own.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafkaEventBus } from '@yoman/platform';
import { capturedLogs, needsInfra } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafka } from '../local/kafka.mjs';
import { waitUntil } from '../local/server-process.mjs';

const onKafka = needsInfra('YOMAN_TEST_KAFKA_BROKERS');
const javaPresent = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** Waits, asking every 20 ms, until `check` holds (waitUntil's errors name `what`). */
const until = (what, check, timeoutMs = 30_000) =>
  waitUntil(what, async () => check(), { timeoutMs, intervalMs: 20 });

(javaPresent ? onKafka.describe : describe.skip)('a bus consumer whose lone broker was away', () => {
  const module = `rejoin${randomBytes(3).toString('hex')}`;
  const prefix = `${module}.`;
  const { logger, entries } = capturedLogs();
  const handled = [];
  let kafka;
  let bus;

  const eventAt = (position) => ({
    position,
    streamId: 'stream-1',
    streamType: module,
    version: position,
    type: `${module}.happened.v1`,
    data: { position },
    metadata: {},
    recordedAt: new Date(),
  });

  /** Publishes, trying again while the producer has not found the broker again. */
  const publish = async (event) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await bus.publish([event]);
      } catch (error) {
        if (attempt === 20) throw error;
        await sleep(250);
      }
    }
  };

  beforeAll(async () => {
    kafka = await startKafka();
    bus = createKafkaEventBus({ brokers: [kafka.brokers], clientId: module, logger, topicPrefix: prefix });
    await bus.ensureTopics([`${prefix}${module}`]);
    bus.subscribe({ group: `${prefix}projector`, topics: [`${prefix}${module}`] }, async ({ events }) => {
      handled.push(...events.map((event) => event.position));
    });
    await bus.start();
  }, 120_000);

  afterAll(async () => {
    await bus?.stop();
    await kafka?.stop();
  }, 60_000);

  it('handles a new event within 8.5 s of the broker’s return, out of its group until kafkajs started it again and it joined', async () => {
    await publish(eventAt(1));
    await until('the first event handled', () => handled.includes(1));

    expect(bus.memberships()).toEqual([{ group: `${prefix}projector`, joined: true }]);
    // What a projector's /readyz reports, sampled through the outage and the rejoin.
    const joined = [];
    const sampling = setInterval(() => joined.push(bus.memberships()[0].joined), 20);
    try {
      // Away 4 s: longer than the consumer's fetch survives, so kafkajs gives it up and starts it again.
      await kafka.restart({ downMs: 4_000 });
      const back = Date.now();
      await publish(eventAt(2));
      await until('the event after the restart handled', () => handled.includes(2));
      const afterReturn = Date.now() - back;
      console.log(`[rejoin] handled ${(afterReturn / 1000).toFixed(1)} s after the broker was back`);
      expect(afterReturn).toBeLessThan(8_500);
    } finally {
      clearInterval(sampling);
    }
    expect(entries().some((entry) => /^kafka: Crash/.test(entry.msg ?? ''))).toBe(true);
    expect(joined).toContain(false);
    expect(bus.memberships()).toEqual([{ group: `${prefix}projector`, joined: true }]);
  }, 120_000);
});
