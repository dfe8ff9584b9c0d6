import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './load-generator';

// The saves of the run-mode comparison each log a different trade under a key of its own, as the add-trade
// dialog sends them; the bodies and keys autocannon sent are read back.

let server: Server;
let url: string;
const bodies: string[] = [];
const keys: (string | undefined)[] = [];
const gets: { path: string; cookie: string | undefined; accept: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'GET') {
        gets.push({
          path: request.url ?? '',
          cookie: request.headers.cookie,
          accept: request.headers.accept,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      bodies.push(body);
      keys.push(request.headers['idempotency-key'] as string | undefined);
      response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trades`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a load whose requests each send their own body', () => {
  it('given a template, when run, then each request exits stepMs after the one before, entering the hour before, under a key of its own', async () => {
    const first = Date.parse('2026-03-10T08:00:00.000Z');
    const figures = await runLoad({
      url,
      method: 'POST',
      connections: 2,
      seconds: 1,
      headers: { 'content-type': 'application/json' },
      sequence: { template: '{"entryTime":"__ENTRY__","exitTime":"__EXIT__","n":1}', first, stepMs: 100 },
    });
    expect(figures.requests).toBeGreaterThan(10);
    expect(figures.non2xx).toBe(0);
    const sent = bodies.map((body) => JSON.parse(body) as { entryTime: string; exitTime: string; n: number });
    const exits = sent.map((body) => Date.parse(body.exitTime)).sort((a, b) => a - b);
    expect(exits).toEqual(exits.map((_, n) => first + n * 100));
    for (const body of sent) {
      expect(Date.parse(body.exitTime) - Date.parse(body.entryTime)).toBe(3_600_000);
      expect(body.n).toBe(1);
    }
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a load spread over many users', () => {
  it('given paths and cookies, when run, then every request reads one of the paths as one of the users, each of them met', async () => {
    const paths = ['/api/a', '/api/b?x=1', '/api/c'];
    const cookies = ['s=one', 's=two', 's=three', 's=four'];
    const figures = await runLoad({
      url: url.replace('/api/trades', ''),
      connections: 2,
      seconds: 1,
      headers: { accept: 'application/json' },
      mix: { paths, cookies },
    });
    expect(figures.requests).toBeGreaterThan(100);
    expect(figures.non2xx).toBe(0);
    // Requests still in flight when the run ends are served but not counted.
    expect(gets.length - figures.requests).toBeGreaterThanOrEqual(0);
    expect(gets.length - figures.requests).toBeLessThanOrEqual(2);
    expect(new Set(gets.map((get) => get.path))).toEqual(new Set(paths));
    expect(new Set(gets.map((get) => get.cookie))).toEqual(new Set(cookies));
    expect(gets.every((get) => get.accept === 'application/json')).toBe(true);
  });
});
