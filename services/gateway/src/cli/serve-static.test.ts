import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@yoman/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaticRemoteServer, cacheControlOf, listenConfigOf, staticRemoteArgsOf } from './serve-static';

const built = mkdtempSync(join(tmpdir(), 'yoman-remote-'));
const unbuilt = mkdtempSync(join(tmpdir(), 'yoman-remote-empty-'));
writeFileSync(join(built, 'mf-manifest.json'), '{"id":"journal"}');
writeFileSync(join(built, 'remoteEntry.js'), 'var journal;');
writeFileSync(join(built, 'main.737fa4c0.js'), 'console.log(1);');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildStaticRemoteServer({ dir: built });
});
afterAll(async () => {
  await app.close();
  rmSync(built, { recursive: true, force: true });
  rmSync(unbuilt, { recursive: true, force: true });
});

const SHELL = 'https://yoman.example';

describe('the static server of one remote', () => {
  it('lets the shell on another origin read the entry files, fresh on every load', async () => {
    for (const url of ['/mf-manifest.json', '/remoteEntry.js']) {
      const response = await app.inject({ url, headers: { origin: SHELL } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches content-hashed files for a year', async () => {
    const response = await app.inject({ url: '/main.737fa4c0.js' });
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a preflight for reads and refuses writes', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/remoteEntry.js',
      headers: { origin: SHELL },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const write = await app.inject({ method: 'POST', url: '/remoteEntry.js', payload: {} });
    expect(write.statusCode).toBe(405);
    expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
  });

  it('allows only the named shell origin when one is given', async () => {
    const strict = await buildStaticRemoteServer({ dir: built, allowOrigin: SHELL });
    try {
      const response = await strict.inject({ url: '/mf-manifest.json', headers: { origin: SHELL } });
      expect(response.headers['access-control-allow-origin']).toBe(SHELL);
      expect(response.headers.vary).toContain('Origin');
    } finally {
      await strict.close();
    }
  });

  it('is ready only while the remote is built', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const empty = await buildStaticRemoteServer({ dir: unbuilt });
    try {
      expect((await empty.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await empty.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await empty.close();
    }
  });
});

describe('the command line of the static server', () => {
  it('needs --dir naming a directory that exists', () => {
    expect(staticRemoteArgsOf(['--dir', built])).toEqual({ dir: built, allowOrigin: undefined });
    expect(staticRemoteArgsOf(['--dir', built, '--allow-origin', SHELL]).allowOrigin).toBe(SHELL);
    expect(() => staticRemoteArgsOf([])).toThrow('--dir');
    expect(() => staticRemoteArgsOf(['--dir', join(built, 'nope')])).toThrow('does not exist');
    expect(() => staticRemoteArgsOf(['--dir', built, '--port', '1'])).toThrow();
  });

  it('reads PORT and HOST, refusing a bad one with a line naming it', () => {
    expect(listenConfigOf({})).toEqual({ port: 3000, host: '127.0.0.1', logLevel: 'info' });
    expect(listenConfigOf({ PORT: '3101', HOST: '0.0.0.0' })).toMatchObject({ port: 3101, host: '0.0.0.0' });
    expect(() => listenConfigOf({ PORT: 'web' })).toThrow(ConfigError);
    expect(() => listenConfigOf({ PORT: 'web' })).toThrow(/^Configuration error: PORT is invalid/);
  });

  it('names hashed files apart from entry files', () => {
    expect(cacheControlOf('/x/184.61d441cc.js')).toContain('immutable');
    expect(cacheControlOf('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlOf('/x/fonts/heebo.woff2')).toBe('no-cache');
  });
});
