import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { YomanModule } from '@yoman/platform';
import { createTestClock, testConfig } from '@yoman/platform/testing';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, composeGateway, type Gateway } from './gateway';

const frontEndDir = mkdtempSync(join(tmpdir(), 'yoman-gateway-web-'));
writeFileSync(join(frontEndDir, 'index.html'), '<!doctype html><title>יומן</title>');

const pingRoutes: FastifyPluginAsync = async (app) => {
  app.post('/ping', async () => ({ pong: true, head: await app.platform.eventStore.headPosition() }));
};
const pingModule: YomanModule = {
  name: 'ping',
  migrations: [],
  routes: pingRoutes,
  declaredRoutes: [{ method: 'POST', path: '/api/ping', access: 'public' }],
};

afterAll(() => rmSync(frontEndDir, { recursive: true, force: true }));

describe('a gateway composed of modules', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await composeGateway(testConfig({ environment: { FRONT_END_DIR: frontEndDir } }), {
      modules: [pingModule],
      clock: createTestClock(),
      background: false,
    });
  });
  afterAll(() => gateway.close());

  it('serves module routes under /api beside the front end', async () => {
    const ping = await gateway.app.inject({ method: 'POST', url: '/api/ping' });
    expect(ping.json()).toEqual({ pong: true, head: 0 });
    const page = await gateway.app.inject({ url: '/journal/2026-01', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<title>יומן</title>');
    const unknown = await gateway.app.inject({ url: '/api/ping/nothing', headers: { accept: 'text/html' } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('keeps the API rules: same-origin writes, OpenAPI, security headers', async () => {
    const crossSite = await gateway.app.inject({
      method: 'POST',
      url: '/api/ping',
      headers: { host: 'localhost:3000', origin: 'http://attacker.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const openapi = await gateway.app.inject({ url: '/api/openapi.json' });
    expect(Object.keys(openapi.json().paths)).toEqual(['/api/ping']);
    const page = await gateway.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('the product gateway', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await buildGateway(testConfig({ environment: { FRONT_END_DIR: frontEndDir } }), {
      clock: createTestClock(),
      background: false,
    });
  });
  afterAll(() => gateway.close());

  it('composes identity with its session plugin', async () => {
    const user = await gateway.app.inject({ url: '/api/user' });
    expect(user.statusCode).toBe(401);
    const paths = Object.keys((await gateway.app.inject({ url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user']),
    );
    const manifest = await gateway.app.inject({ url: '/remotes-manifest.json' });
    expect(manifest.json().remotes.map((remote: { name: string }) => remote.name)).toEqual([
      'journal',
      'leagues',
      'mentor',
    ]);
  });
});
