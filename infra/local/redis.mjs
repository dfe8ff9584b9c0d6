// A throwaway Redis server on 127.0.0.1 and a free port, nothing persisted. `node infra/local/redis.mjs`
// prints REDIS_URL and runs until Ctrl-C.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { ensureDebianPackage } from './debian-packages.mjs';
import { freePort, startServerProcess, stopperOf, waitUntil } from './server-process.mjs';

function redisInstalled() {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** True when the server answers PING. */
async function answersPing(url) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } finally {
    client.disconnect();
  }
}

/**
 * Installs redis-server when missing and starts one on 127.0.0.1 and a free port with persistence off.
 * Returns the URL and `stop()` (also run on SIGINT/SIGTERM).
 */
export async function startRedis({ port } = {}) {
  ensureDebianPackage('redis-server', redisInstalled);
  const dir = mkdtempSync(join(tmpdir(), 'yoman-redis-'));
  const serverPort = port ?? (await freePort());
  const logFile = join(dir, 'redis.log');
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(serverPort),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--daemonize',
    'no',
  ];
  const child = startServerProcess('redis-server', args, { logFile });

  const stop = stopperOf(() => child, dir);

  const url = `redis://127.0.0.1:${serverPort}`;
  try {
    await waitUntil('Redis', () => answersPing(url), { child, logFile });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port: serverPort, pid: child.pid, logFile, stop };
}

/** Proves a Redis server stores and returns data: sets a key with an expiry, reads it back, deletes it. */
export async function smokeCheckRedis(url) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  const key = `yoman:smoke:${process.pid}:${Date.now()}`;
  try {
    await client.set(key, 'שלום', 'EX', 60);
    const value = await client.get(key);
    if (value !== 'שלום') throw new Error(`Redis returned ${JSON.stringify(value)} for the key just set`);
    if ((await client.del(key)) !== 1) throw new Error('Redis did not delete the key');
  } finally {
    client.disconnect();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const server = await startRedis();
  console.log(`REDIS_URL=${server.url}`);
  console.error(`Redis ready in ${Date.now() - started} ms (pid ${server.pid}); Ctrl-C stops it.`);
  setInterval(() => {}, 1 << 30);
}
