// The offline parts of the stack harness: the schema's connection string and the browser's cookie jar.
import { createServer } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from './browser-session.mjs';
import { databaseUrlOf } from './stack-isolation.mjs';
import { tradeBody } from './trade-stream.mjs';

describe('the connection string of a stack', () => {
  it('keeps the server, credentials and database and puts every session on the schema', () => {
    const url = databaseUrlOf(
      'postgres://yoman:p%40ss@127.0.0.1:37457/yoman?sslmode=disable',
      'stack_0a1b2c3d',
    );
    // What node-postgres will send: the options reach the server as a startup parameter.
    expect(new pg.Client({ connectionString: url }).connectionParameters).toMatchObject({
      user: 'yoman',
      password: 'p@ss',
      host: '127.0.0.1',
      port: 37457,
      database: 'yoman',
      options: '-c search_path=stack_0a1b2c3d',
    });
  });
});

describe('a browser session', () => {
  let server;
  let baseUrl;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/login') {
        response.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
      } else if (request.url === '/logout') {
        response.setHeader('set-cookie', 'session=; Path=/; Max-Age=0');
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ cookie: request.headers.cookie ?? null }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends back the cookies the server set and forgets one the server expires', async () => {
    const session = browserSession(baseUrl);
    expect((await session.call('GET', '/me')).body).toEqual({ cookie: null });
    await session.call('POST', '/login', { email: 'a@example.com' });
    expect((await session.call('GET', '/me')).body).toEqual({ cookie: 'session=abc; theme=dark' });
    await session.call('POST', '/logout');
    expect((await session.call('GET', '/me')).body).toEqual({ cookie: 'theme=dark' });
  });
});

describe('a streamed trade', () => {
  it('ends in the past, an hour after its entry, with the marker in its notes', () => {
    const before = Date.now();
    const body = tradeBody({ notes: 'marker', exitAgoMs: 5_000, index: 2 });
    expect(Date.parse(body.exitTime)).toBeLessThanOrEqual(before - 5_000 + 50);
    expect(Date.parse(body.exitTime) - Date.parse(body.entryTime)).toBe(3_600_000);
    expect(body).toMatchObject({ notes: 'marker', exitPrice: '1.0990' });
  });
});
