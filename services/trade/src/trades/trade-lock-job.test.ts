// The lock job and the trade it locks are never half-written: the embedded scheduler stores the job in the
// trade's own transaction; BullMQ's is scheduled before the trade is stored.

import { randomBytes } from 'node:crypto';
import { cuttableRelay, dropJobsQueue, type EventStore, type Jobs, unavailable } from '@yoman/platform';
import { needsInfra, testConfig } from '@yoman/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, eurusd, START, startTradeTestApp } from '../test-support/trade-test-app';
import { LOCK_JOB, lockJobId, lockTradeJob } from './trade-commands';

const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
/** The infra suite with Redis runs this file's app on BullMQ, as the distributed mode does. */
const jobsOnRedis = Boolean(testConfig().redisUrl);
const onRedis = needsInfra('YOMAN_TEST_REDIS_URL');
const UNAVAILABLE = { message: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע', code: 'UNAVAILABLE' };

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
let embeddedJobs: Jobs;
let embeddedStore: EventStore;
beforeAll(async () => {
  t = await startTradeTestApp();
  embeddedJobs = t.harness.platform.jobs;
  embeddedStore = t.harness.platform.eventStore;
});
afterAll(() => t.harness.close());
beforeEach(async () => {
  t.harness.platform.jobs = embeddedJobs;
  t.harness.platform.eventStore = embeddedStore;
  await t.harness.reset();
  t.clock.set(START);
});

const tradeEvents = () => t.harness.platform.db('events').where({ type: 'trade.logged.v1' });
const tradeRows = () => t.harness.platform.db('trades');
const failing = (jobs: Jobs, method: 'schedule' | 'cancel'): Jobs => ({
  ...jobs,
  [method]: async () => {
    throw unavailable();
  },
});

describe('logging a trade when its lock job cannot be scheduled', () => {
  it.skipIf(jobsOnRedis)(
    "embedded: stores the lock job in the trade's own transaction, at the end of its window",
    async () => {
      t.harness.platform.jobs = failing(embeddedJobs, 'schedule');
      const { id } = await t.logTrade();
      const job = await embeddedJobs.find(lockJobId(id));
      const [row] = await tradeRows();
      expect(job).toMatchObject({ name: LOCK_JOB, status: 'scheduled', payload: { tradeId: id } });
      expect(job?.runAt).toEqual(new Date(row.lock_at));
    },
  );

  it('with the jobs elsewhere (BullMQ): answers 503 and stores neither the event nor the trade', async () => {
    // The distributed mode's jobs live in Redis: the event store takes none and the job is scheduled first.
    t.harness.platform.eventStore = { ...embeddedStore, writesJobs: false };
    t.harness.platform.jobs = failing(embeddedJobs, 'schedule');
    const response = await t.call('POST', '/api/trades', ALICE, eurusd);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject(UNAVAILABLE);
    expect(await tradeEvents()).toEqual([]);
    expect(await tradeRows()).toEqual([]);
  });

  it('leaves a lock job whose trade was never written with nothing to do', async () => {
    const tradeId = `never-${randomBytes(4).toString('hex')}`;
    await lockTradeJob({ tradeId }, { now: new Date('2026-03-12T00:00:00Z'), platform: t.harness.platform });
    expect(await t.harness.platform.eventStore.readStream(`trade-${tradeId}`)).toEqual([]);
  });
});

describe('deleting a trade when its lock job cannot be cancelled', () => {
  it('keeps the committed delete, and the leftover lock job does nothing', async () => {
    const { id } = await t.logTrade();
    t.harness.platform.jobs = failing(embeddedJobs, 'cancel');
    const response = await t.call('DELETE', `/api/trades/${id}`, ALICE);
    expect(response.statusCode, response.body).toBe(200);
    expect(await tradeRows()).toEqual([]);
    t.harness.platform.jobs = embeddedJobs;
    const stream = `trade-${id}`;
    const before = await t.harness.platform.eventStore.readStream(stream);
    t.clock.set('2026-03-11T10:00:00.000Z');
    expect(await embeddedJobs.runDueJobs(t.clock.now())).toBe(1);
    expect(await t.harness.platform.eventStore.readStream(stream)).toEqual(before);
  });
});

onRedis.describe('logging a trade with the lock jobs on Redis behind a relay', () => {
  let relay: Awaited<ReturnType<typeof cuttableRelay>>;
  let r: Awaited<ReturnType<typeof startTradeTestApp>>;
  const queueName = `yoman-test-trade-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    relay = await cuttableRelay(new URL(redisUrl as string));
    r = await startTradeTestApp({ redisUrl: relay.url, jobsQueue: queueName });
  });
  afterAll(async () => {
    await r?.harness.close();
    await relay?.close();
    await dropJobsQueue(redisUrl as string, queueName);
  });
  beforeEach(async () => {
    await r.harness.reset();
    r.clock.set(START);
  });

  const loggedEvents = () => r.harness.platform.db('events').where({ type: 'trade.logged.v1' });
  const storedTrades = () => r.harness.platform.db('trades');

  /** Logs until Redis answers again (the producer reconnects by itself). */
  const logWhenRedisAnswers = async () => {
    let response = await r.call('POST', '/api/trades', ALICE, eurusd);
    const deadline = Date.now() + 10_000;
    while (response.statusCode === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await r.call('POST', '/api/trades', ALICE, eurusd);
    }
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; lockAt: string };
  };

  it('answers 503 within two seconds while Redis is paused, writes nothing, and logs once it answers', async () => {
    relay.silence();
    try {
      const started = Date.now();
      const response = await r.call('POST', '/api/trades', ALICE, eurusd);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject(UNAVAILABLE);
      expect(await loggedEvents()).toEqual([]);
      expect(await storedTrades()).toEqual([]);
    } finally {
      relay.speak();
    }
    const trade = await logWhenRedisAnswers();
    expect(await r.harness.platform.jobs.find(lockJobId(trade.id))).toMatchObject({
      name: LOCK_JOB,
      status: 'scheduled',
      runAt: new Date(trade.lockAt),
      payload: { tradeId: trade.id },
    });
    expect(await loggedEvents()).toHaveLength(1);
  });

  it('answers 503 at once while Redis is unreachable, writes nothing, and logs once it is back', async () => {
    relay.cut();
    try {
      const started = Date.now();
      const response = await r.call('POST', '/api/trades', ALICE, eurusd);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(response.statusCode).toBe(503);
      expect(await loggedEvents()).toEqual([]);
      expect(await storedTrades()).toEqual([]);
    } finally {
      relay.restore();
    }
    const trade = await logWhenRedisAnswers();
    expect(await r.harness.platform.jobs.find(lockJobId(trade.id))).toMatchObject({ status: 'scheduled' });
  });

  it('deletes a trade while Redis is unreachable; its lock job is left to find the trade gone', async () => {
    const trade = await logWhenRedisAnswers();
    relay.cut();
    try {
      const response = await r.call('DELETE', `/api/trades/${trade.id}`, ALICE);
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedTrades()).toEqual([]);
    } finally {
      relay.restore();
    }
  });
});
