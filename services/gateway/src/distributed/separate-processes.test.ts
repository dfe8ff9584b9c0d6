import { randomBytes } from 'node:crypto';
import { createPlatform, createServiceApp, type RunningPlatform } from '@yoman/platform';
import { needsInfra, testConfig } from '@yoman/platform/testing';
import { tradeService } from '@yoman/trade';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../gateway';
import { signUp } from '../identity/testing/identity-test-app';
import { TRADE_ACROSS_MIDNIGHT } from '../test-support/trade-across-midnight';

// As deployed: the gateway and the trade service each open their own platform on one PostgreSQL schema.
const onPostgres = needsInfra('YOMAN_TEST_DATABASE_URL');
const SECRET = '2'.repeat(64);
const schema = `test_processes_${randomBytes(5).toString('hex')}`;

onPostgres.describe('a gateway and a trade service on one PostgreSQL', () => {
  let tradePlatform: RunningPlatform;
  let service: FastifyInstance;
  let gateway: Gateway;

  beforeAll(async () => {
    // One installation: one schema and, on Kafka, one topic prefix (each keeps its own jobs queue).
    const { kafkaTopicPrefix } = testConfig();
    const shared = {
      databaseSchema: schema,
      internalSecret: SECRET,
      environment: { FRONT_END_DIR: '/nonexistent' },
      kafkaTopicPrefix,
    };
    const modules = tradeService.modules();
    tradePlatform = await createPlatform(testConfig(shared), modules, {
      service: 'trade',
      background: false,
    });
    service = await createServiceApp(tradePlatform.platform, modules, { role: 'api' });
    const address = await service.listen({ host: '127.0.0.1', port: 0 });
    gateway = await buildGateway(
      testConfig({ ...shared, environment: { ...shared.environment, SERVICE_URLS: `trade=${address}` } }),
      {
        background: false,
      },
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
    await tradePlatform?.platform.db.raw('drop schema if exists ?? cascade', [schema]);
    await tradePlatform?.close();
  });

  it('logs and lists a trade through the gateway', async () => {
    const { cookie } = await signUp(gateway.app, 1);
    const trade = TRADE_ACROSS_MIDNIGHT;
    const logged = await gateway.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const listed = await gateway.app.inject({ url: '/api/trades', headers: { cookie } });
    expect(listed.json()).toHaveLength(1);
  });
});
