import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { dockerEngineReachable } from './docker-engine.mjs';
import { provideServers, redact, serverSource } from './servers.mjs';

/** A stand-in Docker engine on 127.0.0.1 that answers `GET /_ping` with OK. */
async function fakeDockerEngine() {
  const engine = createServer((request, response) => {
    response.statusCode = request.url === '/_ping' ? 200 : 404;
    response.end('OK');
  });
  await new Promise((resolve) => engine.listen(0, '127.0.0.1', resolve));
  return { host: `tcp://127.0.0.1:${engine.address().port}`, close: () => engine.close() };
}

describe('choosing the servers', () => {
  it('uses the servers the environment names and starts none', async () => {
    const env = {
      DOCKER_HOST: 'tcp://127.0.0.1:1',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/yoman',
      REDIS_URL: 'redis://cache.internal:6379',
      KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092',
    };
    const lines = [];
    const servers = await provideServers({ env, log: (line) => lines.push(line) });
    expect(servers).toMatchObject({
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      kafkaBrokers: env.KAFKA_BROKERS,
      started: [],
    });
    expect(lines.join('\n')).not.toContain('secret');
    await servers.stop();
  });

  it('falls back to local servers when no Docker engine answers', async () => {
    expect(await dockerEngineReachable({ DOCKER_HOST: 'tcp://127.0.0.1:1' })).toBe(false);
    expect(await serverSource({ DOCKER_HOST: 'tcp://127.0.0.1:1' })).toEqual({
      kind: 'local',
      why: 'no Docker engine reachable',
    });
  });

  it('sees a reachable Docker engine, and still says why it stays local without testcontainers', async () => {
    const engine = await fakeDockerEngine();
    try {
      expect(await dockerEngineReachable({ DOCKER_HOST: engine.host })).toBe(true);
      const source = await serverSource({ DOCKER_HOST: engine.host });
      expect(source.why).toMatch(/Docker engine is reachable/);
    } finally {
      engine.close();
    }
  });

  it('hides the password of a database URL in logs', () => {
    expect(redact('postgres://yoman:p%40ss@127.0.0.1:5432/yoman')).toBe(
      'postgres://yoman:***@127.0.0.1:5432/yoman',
    );
    expect(redact('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
