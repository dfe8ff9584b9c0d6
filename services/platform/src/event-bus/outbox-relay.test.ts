import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../create-platform';
import { systemClock } from '../create-platform';
import { notificationChannel } from '../db/notification-listener';
import { APPEND_LOCK_KEY, createEventStore } from '../event-store/postgres-event-store';
import type { RecordedEvent } from '../event-store/types';
import { capturedLogs } from '../testing/captured-logs';
import { needsInfra } from '../testing/needs-infra';
import { resetDatabase } from '../testing/reset-database';
import { createTestPlatform } from '../testing/test-platform';
import { createKafkaEventBus, type KafkaEventBus } from './kafka-event-bus';
import { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions, relayLockKey } from './outbox-relay';
import { moduleTopic } from './topics';

const brokers = process.env.YOMAN_TEST_KAFKA_BROKERS;
const onPostgresAndKafka = needsInfra('YOMAN_TEST_DATABASE_URL', 'YOMAN_TEST_KAFKA_BROKERS');
const onPostgres = needsInfra('YOMAN_TEST_DATABASE_URL');
const silent = pino({ level: 'silent' });

/** A bus that keeps every `publish` call, and fails the next `failures` of them. */
function createRecordingBus() {
  const calls: RecordedEvent[][] = [];
  let failures = 0;
  return {
    calls,
    positions: () => calls.flat().map((event) => event.position),
    failNext(count: number) {
      failures = count;
    },
    async publish(events: readonly RecordedEvent[]) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('the broker is unavailable');
      }
      calls.push([...events]);
    },
  };
}

const note = (text: string) => ({ type: 'note.written.v1', data: { text }, metadata: { userId: 'u1' } });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let running: RunningPlatform;
let lockKey: number;
const relays: OutboxRelay[] = [];

const relayOf = (bus: OutboxRelayOptions['bus'], options: Partial<OutboxRelayOptions> = {}) => {
  const relay = createOutboxRelay({ db: running.platform.db, bus, logger: silent, lockKey, ...options });
  relays.push(relay);
  return relay;
};
/** Appends one event to each stream, `rounds` times, as separate transactions. */
const appendRounds = async (streams: readonly string[], rounds: number) => {
  for (let round = 0; round < rounds; round += 1) {
    for (const stream of streams) {
      await running.platform.eventStore.append(stream, 'note', 'any', [note(`${stream}-${round}`)]);
    }
  }
};

beforeAll(async () => {
  // The platform's own delivery stays embedded: its relay would share the `kafka` checkpoint with these.
  running = await createTestPlatform([], { config: { kafkaBrokers: undefined, redisUrl: undefined } });
});
afterAll(() => running.close());
beforeEach(async () => {
  await resetDatabase(running.platform);
  // A fresh key per test: a relay of an earlier test that failed to stop cannot hold this one's lock.
  lockKey = relayLockKey(running.platform.config.databaseSchema, `t${randomBytes(4).toString('hex')}.`);
});
afterEach(async () => {
  await Promise.allSettled(relays.splice(0).map((relay) => relay.stop()));
});

describe('the relay lock key', () => {
  it('is a positive 31-bit integer that differs by schema and topic prefix', () => {
    const keys = [
      relayLockKey(undefined, 'yoman.'),
      relayLockKey('test_a', 'yoman.'),
      relayLockKey('test_b', 'yoman.'),
      relayLockKey('test_a', 'acme.'),
    ];
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) {
      expect(Number.isInteger(key)).toBe(true);
      expect(key).toBeGreaterThan(0);
      expect(key).toBeLessThan(2 ** 31);
    }
    expect(relayLockKey('test_a', 'yoman.')).toBe(keys[1]);
  });
});

describe('the outbox relay', () => {
  it('publishes every committed event once, in position order, across appends and streams', async () => {
    const bus = createRecordingBus();
    await appendRounds(['s-a', 's-b'], 3);
    const relay = relayOf(bus, { batchSize: 4 });
    await relay.start();
    expect(relay.isLeader()).toBe(true);
    await running.platform.eventStore.append('s-c', 'note', 'no_stream', [
      note('c1'),
      note('c2'),
      note('c3'),
    ]);
    await appendRounds(['s-a', 's-b', 's-c'], 2);
    await relay.drain();
    const stored = await running.platform.eventStore.readAll({ after: 0 });
    expect(stored).toHaveLength(15);
    expect(bus.positions()).toEqual(range(1, 15));
    expect(bus.calls.flat()).toEqual(stored);
    expect(Math.max(...bus.calls.map((call) => call.length))).toBeLessThanOrEqual(4);
  });

  it('resumes from its checkpoint after a restart, republishing nothing', async () => {
    const first = createRecordingBus();
    await appendRounds(['s-a', 's-b'], 2);
    const relay = relayOf(first);
    await relay.start();
    await relay.drain();
    await relay.stop();
    expect(first.positions()).toEqual(range(1, 4));
    const saved = await running.platform.db('relay_checkpoints').where({ name: 'kafka' }).first();
    expect(Number(saved.position)).toBe(4);

    await appendRounds(['s-a', 's-c'], 2);
    const second = createRecordingBus();
    const restarted = relayOf(second);
    await restarted.start();
    await restarted.drain();
    expect(second.positions()).toEqual(range(5, 8));

    // A relay of another name keeps its own checkpoint (and, being another installation's, its own lock).
    const other = createRecordingBus();
    const named = relayOf(other, { name: 'audit', lockKey: lockKey + 1 });
    await named.start();
    await named.drain();
    expect(other.positions()).toEqual(range(1, 8));
  });

  it('writes its checkpoint at most every 200 ms while events trickle in, and the last position on stop', async () => {
    const bus = createRecordingBus();
    const relay = relayOf(bus, { pollIntervalMs: 5 });
    await relay.start();
    const writes: number[] = [];
    const countWrites = (query: { sql: string }) => {
      if (query.sql.startsWith('insert into "relay_checkpoints"')) writes.push(Date.now());
    };
    running.platform.db.on('query', countWrites);
    try {
      const started = Date.now();
      for (let n = 0; n < 20; n += 1) {
        await running.platform.eventStore.append(`s-${n}`, 'note', 'no_stream', [note(`n${n}`)]);
        await pause(25);
      }
      await relay.drain();
      expect(bus.positions()).toEqual(range(1, 20));
      // 20 events over about half a second: a write per event before, a few now.
      expect(writes.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 200) + 1);
      const gaps = writes.slice(1).map((at, index) => at - (writes[index] as number));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(190);
      await relay.stop();
    } finally {
      running.platform.db.off('query', countWrites);
    }
    const saved = await running.platform.db('relay_checkpoints').where({ name: 'kafka' }).first();
    expect(Number(saved.position)).toBe(20);
  });

  it('retries a failing publish with the same events and skips none', async () => {
    const { lines, logger } = capturedLogs({ level: 'error' });
    const bus = createRecordingBus();
    await appendRounds(['s-a', 's-b', 's-c'], 2);
    bus.failNext(2);
    const relay = relayOf(bus, { batchSize: 4, logger });
    await relay.start();
    await relay.drain();
    expect(bus.positions()).toEqual(range(1, 6));
    expect(lines.filter((line) => line.includes('retrying the batch'))).toHaveLength(2);

    // A failure between batches: the batch after the last checkpoint is published again, nothing further.
    bus.failNext(1);
    await appendRounds(['s-a'], 3);
    await relay.drain();
    expect(bus.positions()).toEqual(range(1, 9));
  });

  it('waits its gather time before a read once a batch carried more than one event, so appends that arrive within it go out in one publish', async () => {
    const bus = createRecordingBus();
    const relay = relayOf(bus, { gatherMs: 300, pollIntervalMs: 10 });
    await relay.start();
    await running.platform.eventStore.append('s-a', 'note', 'no_stream', [note('first'), note('second')]);
    await relay.drain();
    expect(bus.calls.map((call) => call.map((event) => event.position))).toEqual([[1, 2]]);

    // The relay has just published two and is waiting before its next read: both of these are in it.
    await running.platform.eventStore.append('s-b', 'note', 'no_stream', [note('third')]);
    await pause(50);
    await running.platform.eventStore.append('s-c', 'note', 'no_stream', [note('fourth')]);
    await relay.drain();
    expect(bus.calls.map((call) => call.map((event) => event.position))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('reads a lone append at once after a batch of one: one user saving does not wait for others to gather', async () => {
    const bus = createRecordingBus();
    // Were the relay to gather before these reads, each would wait ten seconds and the drains would give up.
    const relay = relayOf(bus, { gatherMs: 10_000, pollIntervalMs: 10 });
    await relay.start();
    for (const stream of ['s-a', 's-b', 's-c']) {
      await running.platform.eventStore.append(stream, 'note', 'no_stream', [note(stream)]);
      await relay.drain(2000);
    }
    expect(bus.calls.map((call) => call.map((event) => event.position))).toEqual([[1], [2], [3]]);
  });

  it('reads again at once after a full batch: a backlog is published without waiting to gather', async () => {
    const bus = createRecordingBus();
    const publishedAt: number[] = [];
    const timed = {
      publish: async (events: readonly RecordedEvent[]) => {
        await bus.publish(events);
        publishedAt.push(Date.now());
      },
    };
    const relay = relayOf(timed, { gatherMs: 300, batchSize: 2, pollIntervalMs: 10 });
    await running.platform.eventStore.append('s-a', 'note', 'no_stream', [note('1'), note('2')]);
    await relay.start();
    await relay.drain();
    // The last batch carried two events: the next read gathers, and the ones after it, a backlog, do not.
    const backlog = range(3, 7).map((n) => note(String(n)));
    await running.platform.eventStore.append('s-b', 'note', 'no_stream', backlog);
    await relay.drain();
    expect(bus.calls.map((call) => call.map((event) => event.position))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7],
    ]);
    // Waiting before the third and fourth reads too would have put 600 ms between the second and the last.
    expect((publishedAt[3] as number) - (publishedAt[1] as number)).toBeLessThan(300);
  });

  it('refuses to wait forever when no relay publishes', async () => {
    await appendRounds(['s-a'], 1);
    const idle = relayOf(createRecordingBus());
    await expect(idle.drain(100)).rejects.toThrow(/had not published up to position 1/);
  });
});

onPostgres.describe('the outbox relay on PostgreSQL', () => {
  /** The server process holding the relay lock, to kill it as a crash would. */
  const lockHolder = async () => {
    const result = await running.platform.db.raw(
      `select pid from pg_locks
        where locktype = 'advisory' and granted and classid = 0 and objid::bigint = ? and objsubid = 1`,
      [lockKey],
    );
    return result.rows[0]?.pid as number | undefined;
  };

  /** Waits (at most 2 s) until `count` appends wait for the append lock the open transaction holds. */
  const waitingAppends = async (count: number) => {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const result = await running.platform.db.raw(
        `select count(*) as waiting from pg_locks
          where locktype = 'advisory' and not granted and objsubid = 1
            and (classid::bigint << 32) + objid::bigint = ?`,
        [APPEND_LOCK_KEY],
      );
      if (Number(result.rows[0].waiting) >= count) return;
      await pause(20);
    }
  };

  it('publishes an append that committed late, before the appends that waited for it', async () => {
    const { db, eventStore } = running.platform;
    const bus = createRecordingBus();
    const relay = relayOf(bus);
    await relay.start();
    await eventStore.append('s-first', 'note', 'no_stream', [note('first')]);
    await relay.drain();

    let appended!: () => void;
    let commit!: () => void;
    const heldAppended = new Promise<void>((resolve) => {
      appended = resolve;
    });
    const held = db.transaction(async (trx) => {
      await eventStore.append('s-held', 'note', 'no_stream', [note('held-1'), note('held-2')], trx);
      appended();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await heldAppended;
    const later = ['s-x', 's-y', 's-z'].map((stream) =>
      eventStore.append(stream, 'note', 'no_stream', [note(stream)]),
    );
    await waitingAppends(later.length);
    // Nothing after the open transaction is visible yet, so the relay has published only the first event.
    expect(bus.positions()).toEqual([1]);
    commit();
    await held;
    await Promise.all(later);
    await relay.drain();
    const stored = await eventStore.readAll({ after: 0 });
    expect(stored.map((event) => event.streamId).slice(0, 3)).toEqual(['s-first', 's-held', 's-held']);
    expect(bus.positions()).toEqual(stored.map((event) => event.position));
    expect(bus.positions()).toHaveLength(6);
  });

  it('publishes an append as it commits when woken by its notification, not by its poll', async () => {
    const channel = notificationChannel('events', running.platform.config.databaseSchema, lockKey.toString());
    const store = createEventStore(running.platform.db, { clock: systemClock, notifyChannel: channel });
    const bus = createRecordingBus();
    const connectionString = running.platform.config.databaseUrl as string;
    // Both polls far beyond the test's waits: only a notification can make the relay read again.
    const relay = relayOf(bus, {
      pollIntervalMs: 60_000,
      wake: { channel, connectionString, pollIntervalMs: 60_000 },
    });
    await relay.start();
    const publishedWithin = async (ms: number, count: number) => {
      const deadline = Date.now() + ms;
      while (bus.positions().length < count && Date.now() < deadline) await pause(10);
      return bus.positions();
    };
    // The listener comes up after start; appends until then are read when it does.
    await store.append('s-woken', 'note', 'any', [note('first')]);
    expect(await publishedWithin(5000, 1)).toEqual([1]);
    for (const count of [2, 3, 4]) {
      await store.append('s-woken', 'note', 'any', [note(`next ${count}`)]);
      expect(await publishedWithin(5000, count)).toEqual(range(1, count));
    }
  });

  it('lets one relay publish at a time and hands over when the leader stops', async () => {
    const leaderBus = createRecordingBus();
    const standbyBus = createRecordingBus();
    const leader = relayOf(leaderBus);
    const standby = relayOf(standbyBus);
    await leader.start();
    await standby.start();
    expect([leader.isLeader(), standby.isLeader()]).toEqual([true, false]);
    await appendRounds(['s-a', 's-b'], 3);
    await leader.drain();
    await standby.drain();
    expect(leaderBus.positions()).toEqual(range(1, 6));
    expect(standbyBus.positions()).toEqual([]);

    await leader.stop();
    await appendRounds(['s-a', 's-c'], 2);
    await standby.drain(5000);
    expect(standby.isLeader()).toBe(true);
    expect(standbyBus.positions()).toEqual(range(7, 10));
  });

  it('stops publishing when its lock connection dies, and a relay leads again', async () => {
    const buses = [createRecordingBus(), createRecordingBus()];
    const [first, second] = buses.map((bus) => relayOf(bus));
    await first.start();
    await second.start();
    await appendRounds(['s-a'], 2);
    await first.drain();
    const pid = await lockHolder();
    expect(pid).toBeTypeOf('number');
    await running.platform.db.raw('select pg_terminate_backend(?)', [Number(pid)]);
    await appendRounds(['s-a', 's-b'], 2);
    await second.drain(5000);
    expect([first.isLeader(), second.isLeader()].filter(Boolean)).toHaveLength(1);
    expect(await lockHolder()).not.toBe(pid);
    // At least once: every position arrives, and each publish call is in position order.
    const all = buses.flatMap((bus) => bus.positions());
    expect(new Set(all)).toEqual(new Set(range(1, 6)));
    for (const call of buses.flatMap((bus) => bus.calls)) {
      const positions = call.map((event) => event.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});

onPostgresAndKafka.describe('the outbox relay on Kafka', () => {
  const buses: KafkaEventBus[] = [];
  const topicPrefix = `t${randomBytes(4).toString('hex')}.`;
  const busFor = (clientId: string) => {
    const bus = createKafkaEventBus({
      brokers: (brokers as string).split(','),
      clientId,
      logger: silent,
      retries: 2,
      topicPrefix,
      partitions: 3,
    });
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.allSettled(buses.map((bus) => bus.stop()));
  });

  it('delivers every committed event once, each stream in version order', async () => {
    const topic = moduleTopic('note', topicPrefix);
    const producer = busFor('relay');
    await producer.ensureTopics([topic], 3);
    const streams = ['s-a', 's-b', 's-c', 's-d'];
    await appendRounds(streams, 3);
    const relay = relayOf(producer, { batchSize: 5 });
    await relay.start();
    await appendRounds(streams, 2);
    await relay.drain(10_000);

    const received: RecordedEvent[] = [];
    const consumer = busFor('projector');
    const all = new Promise<void>((resolve) =>
      consumer.subscribe({ group: `${topicPrefix}projector`, topics: [topic] }, async (batch) => {
        received.push(...batch.events);
        if (received.length >= 20) resolve();
      }),
    );
    await consumer.start();
    await all;
    await pause(300);
    const stored = await running.platform.eventStore.readAll({ after: 0 });
    expect(received.map((event) => event.position).sort((a, b) => a - b)).toEqual(range(1, 20));
    for (const stream of streams) {
      expect(received.filter((event) => event.streamId === stream)).toEqual(
        stored.filter((event) => event.streamId === stream),
      );
    }
  });
});
