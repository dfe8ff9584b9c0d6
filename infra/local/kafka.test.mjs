import { describe, expect, it } from 'vitest';
import { randomClusterId, serverProperties } from './kafka.mjs';

const ports = { brokerPort: 19092, controllerPort: 19093, logDir: '/tmp/kafka-data' };

describe('the local Kafka node', () => {
  it('is one broker and controller on 127.0.0.1 that never creates topics by itself', () => {
    const properties = serverProperties({ version: '3.9.1', ...ports });
    expect(properties).toContain('process.roles=broker,controller');
    expect(properties).toContain('listeners=PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093');
    expect(properties).toContain('advertised.listeners=PLAINTEXT://127.0.0.1:19092');
    expect(properties).toContain('auto.create.topics.enable=false');
    expect(properties).toContain('offsets.topic.replication.factor=1');
  });

  it('names its controller by static voters on 3.x and by bootstrap servers on 4.x', () => {
    expect(serverProperties({ version: '3.9.1', ...ports })).toContain(
      'controller.quorum.voters=1@127.0.0.1:19093',
    );
    const four = serverProperties({ version: '4.1.0', ...ports });
    expect(four).toContain('controller.quorum.bootstrap.servers=127.0.0.1:19093');
    expect(four).not.toContain('controller.quorum.voters');
  });

  it('makes cluster ids shaped like Kafka’s own: 22 URL-safe characters, never led by a dash', () => {
    const ids = Array.from({ length: 200 }, randomClusterId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
