import { setTimeout as sleep } from 'node:timers/promises';
import { declaredRoutes, NEXT_CURSOR_HEADER } from '@yoman/contracts';
import {
  CALLER_HEADER,
  type Config,
  createServiceApp,
  type RunningPlatform,
  signCaller,
  verifyCaller,
} from '@yoman/platform';
import {
  capturedLogs,
  createTestClock,
  createTestPlatform,
  listenOnLoopback,
  postAndLeave,
} from '@yoman/platform/testing';
import { tradeService } from '@yoman/trade';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../gateway';
import { identityModule } from '../identity';
import { signUp } from '../identity/testing/identity-test-app';
import { TINY_PNG } from '../identity/uploads/sample-images';
import { TRADE_ACROSS_MIDNIGHT } from '../test-support/trade-across-midnight';
import { remoteServicesOf } from './remote-services';

// The gateway with SERVICE_URLS proxies the trade paths to a trade service listening on 127.0.0.1; both share
// one in-memory database here, as they share one PostgreSQL in the distributed mode.
const SECRET = 'e'.repeat(64);
const serviceModules = tradeService.modules();
const clock = createTestClock('2026-01-06T12:00:00Z');

let running: RunningPlatform;
let service: FastifyInstance;
let gateway: Gateway;
let gatewayConfig: Config;
/** Caller headers the trade service received, as sent by the gateway. */
const received: (string | undefined)[] = [];
/** What the gateway and the service logged (they share the platform's logger here). */
const logs = capturedLogs();

beforeAll(async () => {
  running = await createTestPlatform([identityModule, ...serviceModules], {
    clock,
    logger: logs.logger,
    config: { internalSecret: SECRET, environment: { FRONT_END_DIR: '/nonexistent' } },
  });
  service = await createServiceApp(running.platform, serviceModules, { role: 'api' });
  service.addHook('onRequest', async (request) => {
    const header = request.headers[CALLER_HEADER];
    received.push(typeof header === 'string' ? header : undefined);
    // A service slow to answer, for the client that leaves before it does.
    if (request.headers['x-test-slow']) await sleep(300);
  });
  const address = await service.listen({ host: '127.0.0.1', port: 0 });
  const { config } = running.platform;
  gatewayConfig = { ...config, environment: { ...config.environment, SERVICE_URLS: `trade=${address}` } };
  gateway = await buildGateway(gatewayConfig, { running });
  await gateway.app.ready();
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  await running?.close();
});

const trade = TRADE_ACROSS_MIDNIGHT;

describe('the trade paths the gateway proxies', () => {
  it('are the calls the contracts’ route table gives the trade service’s modules, each with its access', () => {
    const { routes } = remoteServicesOf({
      serviceUrls: { trade: 'http://trade-api:3010' },
      internalSecret: SECRET,
    });
    const call = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
    // The market module is a service of its own now, and serves no API: its calendar's call is not proxied here.
    const tags: string[] = ['journal', 'setups'];
    const expected = declaredRoutes.filter((route) => tags.includes(route.tag));
    expect(routes.map(call).sort()).toEqual(expected.map(call).sort());
    expect(routes.map(call)).toEqual(
      expect.arrayContaining([
        'POST /api/calculate-trade',
        'GET /api/trades',
        'PUT /api/trades/{id}',
        'GET /api/daily-aggregates/{date}',
        'PUT /api/screenshots/{id}',
        'GET /api/screenshots/{id}',
      ]),
    );
    expect(new Set(routes.map((route) => route.access))).toEqual(new Set(['signed-in']));
  });

  it('are not served by the gateway itself: its API description leaves them to the service', async () => {
    const paths = Object.keys((await gateway.app.inject({ url: '/api/openapi.json' })).json().paths);
    expect(paths).toContain('/api/login');
    expect(paths.filter((path) => path.startsWith('/api/trades'))).toEqual([]);
  });
});

describe('a gateway proxying trade to its service', () => {
  it('logs a trade and reads the day back through the proxy, in the zone identity knows', async () => {
    const { cookie } = await signUp(gateway.app, 1);
    const display = { currency: 'ILS', timezone: 'America/New_York', numberFormat: 'comma', rtlLayout: true };
    const saved = await gateway.app.inject({
      method: 'PUT',
      url: '/api/user-settings',
      payload: { display },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const logged = await gateway.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ symbol: 'BTCUSDT', pnlUsd: '10.00' });

    const day = await gateway.app.inject({
      url: '/api/daily-aggregates?year=2026&month=1',
      headers: { cookie },
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toEqual([expect.objectContaining({ date: '2026-01-05', totalTrades: 1 })]);

    const listed = await gateway.app.inject({ url: '/api/trades', headers: { cookie } });
    expect(listed.json()).toHaveLength(1);
  });

  it("passes a page's next-cursor header back to the client, and the cursor on to the service", async () => {
    const { cookie } = await signUp(gateway.app, 7);
    for (const exitTime of ['2026-01-05T10:00:00.000Z', '2026-01-06T10:00:00.000Z']) {
      const entryTime = new Date(Date.parse(exitTime) - 3_600_000).toISOString();
      const logged = await gateway.app.inject({
        method: 'POST',
        url: '/api/trades',
        payload: { ...trade, entryTime, exitTime },
        headers: { cookie },
      });
      expect(logged.statusCode, logged.body).toBe(201);
    }
    const first = await gateway.app.inject({ url: '/api/trades?limit=1', headers: { cookie } });
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(typeof cursor).toBe('string');
    const second = await gateway.app.inject({
      url: `/api/trades?limit=1&cursor=${cursor}`,
      headers: { cookie },
    });
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect([...first.json(), ...second.json()].map((listed) => listed.exitTime)).toEqual([
      '2026-01-06T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
    ]);
  });

  it('sends the service a signed caller carrying identity only: user, session, role, organisation', async () => {
    const { user, cookie } = await signUp(gateway.app, 2);
    received.length = 0;
    await gateway.app.inject({ url: '/api/trades', headers: { cookie } });
    const caller = verifyCaller(received[0] ?? '', SECRET, clock.now());
    expect(caller).toEqual({
      userId: user.id,
      sessionId: expect.any(String),
      role: 'student',
      organisationId: null,
    });
  });

  it('answers 401 itself, as the trade routes would, when there is no session', async () => {
    received.length = 0;
    const anonymous = await gateway.app.inject({ method: 'POST', url: '/api/trades', payload: trade });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(received).toEqual([]);
  });

  it('ignores a caller header the client forged, even one signed with the right secret', async () => {
    const { user: victim } = await signUp(gateway.app, 3);
    const { user: attacker, cookie } = await signUp(gateway.app, 4);
    const forged = signCaller(
      { userId: victim.id, sessionId: 'stolen', role: 'student', organisationId: null },
      SECRET,
      clock.now(),
    );
    const withoutSession = await gateway.app.inject({
      url: '/api/trades',
      headers: { [CALLER_HEADER]: forged },
    });
    expect(withoutSession.statusCode).toBe(401);

    received.length = 0;
    const logged = await gateway.app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: trade,
      headers: { cookie, [CALLER_HEADER]: forged },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(verifyCaller(received[0] ?? '', SECRET, clock.now())?.userId).toBe(attacker.id);
    const victimsTrades = await running.platform.db('trades').where({ user_id: victim.id });
    expect(victimsTrades).toEqual([]);
  });

  it('streams a screenshot upload through to the service and serves it back', async () => {
    const { cookie } = await signUp(gateway.app, 5);
    const link = await gateway.app.inject({
      method: 'POST',
      url: '/api/screenshots/upload-url',
      headers: { cookie },
    });
    expect(link.statusCode, link.body).toBe(200);
    const { uploadURL } = link.json() as { uploadURL: string };
    const uploaded = await gateway.app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: TINY_PNG,
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = await gateway.app.inject({ url: uploadURL, headers: { cookie } });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const notAnImage = await gateway.app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: Buffer.from('not a picture'),
      headers: { cookie, 'content-type': 'application/octet-stream' },
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json()).toMatchObject({ code: 'INVALID_IMAGE' });
  });
});

describe('a method a proxied path does not serve', () => {
  it('answers 405 at the gateway, with Allow and the Hebrew error shape, and nothing reaches the service', async () => {
    const { cookie } = await signUp(gateway.app, 41);
    const { routes } = remoteServicesOf({
      serviceUrls: { trade: 'http://trade-api:3010' },
      internalSecret: SECRET,
    });
    const served = (path: string) =>
      routes.filter((route) => route.path === path).map((route) => route.method);
    received.length = 0;
    for (const [method, url, path] of [
      ['PATCH', '/api/trades', '/api/trades'],
      ['POST', '/api/trades/0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f', '/api/trades/{id}'],
      ['DELETE', '/api/calculate-trade', '/api/calculate-trade'],
    ] as const) {
      const answer = await gateway.app.inject({ method, url, headers: { cookie } });
      expect(answer.statusCode, `${method} ${url}`).toBe(405);
      const allowed = served(path);
      if (allowed.includes('GET')) allowed.push('HEAD');
      expect(answer.headers.allow).toBe(allowed.sort().join(', '));
      expect(answer.json()).toEqual({ message: 'הפעולה אינה נתמכת בנתיב זה', code: 'METHOD_NOT_ALLOWED' });
    }
    expect(received).toEqual([]);
  });
});

describe('a client that leaves while the service answers', () => {
  it('is logged as information by the gateway, not as a failed request', async () => {
    const { cookie } = await signUp(gateway.app, 9);
    const { address } = await listenOnLoopback(gateway.app);
    await postAndLeave(address, '/api/trades', {
      headers: { cookie, 'x-request-id': 'proxy-left-1', 'x-test-slow': '1' },
      body: JSON.stringify(trade),
      leaveAfterMs: 100,
      settleMs: 600,
    });
    const lines = logs.ofRequest('proxy-left-1');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.find((line) => line.msg === 'the client left before its answer was sent')).toMatchObject({
      level: 30,
      err: { code: 'UND_ERR_ABORTED' },
    });
  });
});

describe('a client that leaves while its body is still going to the service', () => {
  it('is logged as information by the gateway, not as a failed request or a service outage', async () => {
    const { cookie } = await signUp(gateway.app, 10);
    const { address } = await listenOnLoopback(gateway.app);
    await postAndLeave(address, '/api/trades', {
      headers: { cookie, 'x-request-id': 'proxy-left-2' },
      body: JSON.stringify(trade),
      sentBytes: 10,
      leaveAfterMs: 200,
      settleMs: 600,
    });
    const lines = logs.ofRequest('proxy-left-2');
    // Before: 'the service did not answer' (warn) and 'request failed' (error) for a 503 nobody read. The
    // proxy library's own 'response errored' (warn) still comes when the exchange with the service broke.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).not.toContain('the service did not answer');
    expect(lines.find((line) => line.msg === 'the client left before its answer was sent')).toMatchObject({
      level: 30,
      err: { code: 'ECONNRESET' },
    });
  });
});

describe('a gateway that closes', () => {
  it('closes its kept-alive connections to the service too, so none is left for the service to wait on', async () => {
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        service.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    const before = await connections();
    const second = await buildGateway(gatewayConfig, { running });
    const { cookie } = await signUp(second.app, 11);
    const listed = await second.app.inject({ url: '/api/trades', headers: { cookie } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await connections()).toBe(before + 1);

    await second.close();

    await expect.poll(connections, { timeout: 2000 }).toBe(before);
  });
});

describe('a gateway whose trade service does not answer', () => {
  it('answers 503 UNAVAILABLE in Hebrew', async () => {
    const closed = await createServiceApp(running.platform, serviceModules, { role: 'api' });
    const address = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    const { config: shared } = running.platform;
    const config = { ...shared, environment: { ...shared.environment, SERVICE_URLS: `trade=${address}` } };
    const orphan = await buildGateway(config, { running });
    try {
      const { cookie } = await signUp(orphan.app, 6);
      const answer = await orphan.app.inject({ url: '/api/trades', headers: { cookie } });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/[א-ת]/) });
    } finally {
      await orphan.close();
    }
  });
});
