import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { needsInfra } from '../testing/needs-infra';
import { cuttableRelay } from './redis-relay';

const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
const onRedis = needsInfra('YOMAN_TEST_REDIS_URL');

onRedis.describe('the Redis relay of the fault tests', () => {
  it('holds answers while silent and hands each one over exactly once when it speaks, however often told', async () => {
    const relay = await cuttableRelay(new URL(redisUrl as string));
    const client = new Redis(relay.url, { maxRetriesPerRequest: 1 });
    const key = `yoman-test-relay-${Date.now()}`;
    try {
      await client.set(key, 'one');
      relay.silence();
      relay.silence();
      const held = client.get(key);
      const answered = await Promise.race([
        held,
        new Promise((resolve) => setTimeout(() => resolve('held'), 300)),
      ]);
      expect(answered).toBe('held');
      relay.speak();
      relay.speak();
      expect(await held).toBe('one');
      await client.set(key, 'two');
      expect(await client.get(key)).toBe('two');
      expect(await client.del(key)).toBe(1);
    } finally {
      client.disconnect();
      await relay.close();
    }
  });

  it('drops only the connections that sent a command, and refuses new ones until restored', async () => {
    const relay = await cuttableRelay(new URL(redisUrl as string));
    const blocking = new Redis(relay.url, { maxRetriesPerRequest: null });
    const plain = new Redis(relay.url, { maxRetriesPerRequest: null });
    try {
      await plain.ping();
      // Never settles: ioredis drops it unanswered when the connection is closed while it reconnects.
      blocking.bzpopmin(`yoman-test-relay-empty-${Date.now()}`, 0).catch(() => {});
      await expect.poll(() => relay.clientsThatSent('bzpopmin')).toBe(1);
      expect(relay.cutClientsThatSent('bzpopmin')).toBe(1);
      await expect.poll(() => blocking.status).toBe('reconnecting');
      expect(await plain.ping()).toBe('PONG');
      const fresh = new Redis(relay.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      fresh.on('error', () => {});
      await expect(fresh.ping()).rejects.toThrow();
      fresh.disconnect();
      relay.restore();
    } finally {
      blocking.disconnect();
      plain.disconnect();
      await relay.close();
    }
  });
});
