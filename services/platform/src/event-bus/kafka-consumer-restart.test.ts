import { EventEmitter } from 'node:events';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distributedDrivers } from '../distributed-drivers';
import { createKafkaEventBus } from './kafka-event-bus';

const CRASH = 'consumer.crash';
const GROUP_JOIN = 'consumer.group_join';
const REBALANCING = 'consumer.rebalancing';
const STOP = 'consumer.stop';

/** A stand-in for kafkajs: consumers that record what they are asked and can be made to crash. */
function fakeKafkajs() {
  let connectsToFail = 0;
  const consumers: {
    emitter: EventEmitter;
    connected: boolean;
    running: boolean;
    disconnected: boolean;
  }[] = [];
  class Kafka {
    consumer() {
      const emitter = new EventEmitter();
      const state = { emitter, connected: false, running: false, disconnected: false };
      consumers.push(state);
      return {
        events: { CRASH, GROUP_JOIN, REBALANCING, STOP },
        on: (event: string, listener: (e: unknown) => void) => emitter.on(event, listener),
        connect: async () => {
          if (connectsToFail > 0) {
            connectsToFail -= 1;
            throw new Error('connect ECONNREFUSED');
          }
          state.connected = true;
        },
        subscribe: async () => {},
        run: async () => {
          state.running = true;
        },
        disconnect: async () => {
          state.disconnected = true;
          state.running = false;
        },
        commitOffsets: async () => {},
      };
    }
    producer() {
      return { connect: async () => {}, disconnect: async () => {}, sendBatch: async () => {} };
    }
    admin() {
      return {};
    }
  }
  const kafkajs = { Kafka, logLevel: { ERROR: 1, WARN: 2 }, Partitioners: { DefaultPartitioner: () => {} } };
  const crash = (index: number, restart: boolean) =>
    consumers[index]?.emitter.emit(CRASH, {
      payload: { error: new Error('Failed to find group coordinator'), groupId: 'g', restart },
    });
  const failNextConnects = (count: number) => {
    connectsToFail = count;
  };
  /** Tells consumer `index` it joined its group, or that its group is rebalancing. */
  const emit = (index: number, event: typeof GROUP_JOIN | typeof REBALANCING) =>
    consumers[index]?.emitter.emit(event, { payload: { groupId: 'g' } });
  return { kafkajs, consumers, crash, failNextConnects, emit };
}

function busOn(fake: ReturnType<typeof fakeKafkajs>) {
  vi.spyOn(distributedDrivers, 'kafkajs').mockReturnValue(
    fake.kafkajs as unknown as ReturnType<typeof distributedDrivers.kafkajs>,
  );
  const bus = createKafkaEventBus({
    brokers: ['127.0.0.1:1'],
    clientId: 'test',
    logger: pino({ level: 'silent' }),
  });
  bus.subscribe({ group: 'projector.trade', topics: ['yoman.trade'] }, async () => {});
  return bus;
}

/** A bus on a fake kafkajs, started, with fake timers running the waits. */
async function startedBus() {
  vi.useFakeTimers();
  const fake = fakeKafkajs();
  const bus = busOn(fake);
  await bus.start();
  return { fake, bus };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a Kafka consumer that kafkajs gave up on', () => {
  it('is replaced by a new consumer in its group, the stopped one disconnected', async () => {
    const { fake, bus } = await startedBus();
    expect(fake.consumers).toHaveLength(1);
    fake.crash(0, false);
    await vi.advanceTimersByTimeAsync(600);
    expect(fake.consumers[0]?.disconnected).toBe(true);
    expect(fake.consumers).toHaveLength(2);
    expect(fake.consumers[1]?.running).toBe(true);
    await bus.stop();
    expect(fake.consumers[1]?.disconnected).toBe(true);
  });

  it('is left to kafkajs when kafkajs restarts it itself', async () => {
    const { fake, bus } = await startedBus();
    fake.crash(0, true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fake.consumers).toHaveLength(1);
    expect(fake.consumers[0]?.disconnected).toBe(false);
    await bus.stop();
  });

  it('keeps trying, waiting longer each time, while the broker stays away', async () => {
    const { fake, bus } = await startedBus();
    fake.failNextConnects(3);
    fake.crash(0, false);
    // Tries after 500, 1,000 and 2,000 ms cannot connect; the fourth, 5 s later, can.
    await vi.advanceTimersByTimeAsync(3_600);
    expect(fake.consumers).toHaveLength(4);
    expect(fake.consumers.some((consumer) => consumer.running)).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fake.consumers).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(fake.consumers).toHaveLength(5);
    expect(fake.consumers.filter((consumer) => consumer.running)).toHaveLength(1);
    await bus.stop();
    expect(fake.consumers[4]?.disconnected).toBe(true);
  });

  it('is not started again once the bus is stopping', async () => {
    const { fake, bus } = await startedBus();
    fake.crash(0, false);
    await bus.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fake.consumers).toHaveLength(1);
  });
});

describe('the groups a bus reports itself a member of', () => {
  it('counts a consumer in its group from its join until it crashes or its group rebalances', async () => {
    const { fake, bus } = await startedBus();
    const membership = () => bus.memberships();
    expect(membership()).toEqual([{ group: 'projector.trade', joined: false }]);
    fake.emit(0, GROUP_JOIN);
    expect(membership()).toEqual([{ group: 'projector.trade', joined: true }]);
    fake.emit(0, REBALANCING);
    expect(membership()[0]?.joined).toBe(false);
    fake.emit(0, GROUP_JOIN);
    expect(membership()[0]?.joined).toBe(true);
    fake.crash(0, true);
    expect(membership()[0]?.joined).toBe(false);
    await bus.stop();
  });

  it('is out of its group while a consumer kafkajs gave up on is replaced, and in once the new one joins', async () => {
    const { fake, bus } = await startedBus();
    fake.emit(0, GROUP_JOIN);
    fake.failNextConnects(1);
    fake.crash(0, false);
    await vi.advanceTimersByTimeAsync(600);
    // The first replacement could not connect; the old consumer's join no longer counts.
    fake.emit(0, GROUP_JOIN);
    expect(bus.memberships()[0]?.joined).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(fake.consumers).toHaveLength(3);
    expect(bus.memberships()[0]?.joined).toBe(false);
    fake.emit(2, GROUP_JOIN);
    expect(bus.memberships()).toEqual([{ group: 'projector.trade', joined: true }]);
    await bus.stop();
    expect(bus.memberships()[0]?.joined).toBe(false);
  });
});
