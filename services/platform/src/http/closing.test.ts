import { connect } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, type TestApp } from '../testing';
import { unavailable } from './errors';

let entered: () => void;
let release: () => void;
const slowEntered = new Promise<void>((resolve) => {
  entered = resolve;
});
const slowReleased = new Promise<void>((resolve) => {
  release = resolve;
});

/** A route that answers only when the test lets it, so the app can start closing while it runs. */
const slowRoute: FastifyPluginAsync = async (app) => {
  app.get('/slow', async () => {
    entered();
    await slowReleased;
    return { done: true };
  });
};

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ modules: [], plugins: [slowRoute] });
  await listenOnLoopback(harness.app);
});
afterAll(() => harness.close());

describe('an app that is closing', () => {
  it('refuses a request still arriving with the house 503 and closes the connection', async () => {
    const { port } = await listenOnLoopback(harness.app);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: yoman\r\n\r\n');
    await slowEntered;
    const closed = harness.app.close();
    // Closing has begun once the server stops listening for new connections; this one is still open.
    while (harness.app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    socket.write('GET /healthz HTTP/1.1\r\nHost: yoman\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await ended;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second?.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(second?.slice(second.indexOf('\r\n\r\n') + 4) ?? '');
    expect(body).toMatchObject({ code: 'UNAVAILABLE', message: unavailable().message });
  });
});

describe('closing while a handler runs for a client that went away', () => {
  it('waits for the handler to finish before the app (and the database after it) closes', async () => {
    let handlerEntered: () => void = () => {};
    let letHandlerFinish: () => void = () => {};
    const entered = new Promise<void>((resolve) => {
      handlerEntered = resolve;
    });
    const finish = new Promise<void>((resolve) => {
      letHandlerFinish = resolve;
    });
    const steps: string[] = [];
    const abandonedRoute: FastifyPluginAsync = async (app) => {
      app.get('/abandoned', async () => {
        handlerEntered();
        await finish;
        steps.push('handler finished');
        return { done: true };
      });
    };
    const own = await createTestApp({ modules: [], plugins: [abandonedRoute] });
    const { port } = await listenOnLoopback(own.app);
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /abandoned HTTP/1.1\r\nHost: yoman\r\n\r\n');
    await entered;
    socket.destroy();
    const closed = own.close().then(() => steps.push('closed'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(steps).toEqual([]);
    letHandlerFinish();
    await closed;
    expect(steps).toEqual(['handler finished', 'closed']);
  });
});

describe('closing while a client holds a connection it has sent nothing on', () => {
  it('ends that connection after a second instead of waiting out the headers timeout, and still answers one that speaks', async () => {
    const own = await createTestApp({ modules: [], plugins: [] });
    const { port } = await listenOnLoopback(own.app);
    const silent = connect(port, '127.0.0.1');
    const silentEnded = new Promise((resolve) => silent.on('close', resolve));
    const speaking = connect(port, '127.0.0.1');
    let answer = '';
    speaking.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    await Promise.all(
      [silent, speaking].map((socket) => new Promise((resolve) => socket.on('connect', resolve))),
    );
    // Node counts both as awaiting a first request until something arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    const closed = own.close();
    speaking.write('GET /healthz HTTP/1.1\r\nHost: yoman\r\n\r\n');
    await closed;
    await silentEnded;

    // Node alone waited 60 to 90 s here (the headers timeout, checked every 30 s).
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
  });
});
