import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acceptsConnections,
  distinctFreePorts,
  freePort,
  stopperOf,
  stopServerProcess,
  waitUntil,
} from './server-process.mjs';

describe('server processes', () => {
  it('finds a port nothing listens on, and sees a listener once one is there', async () => {
    const port = await freePort();
    expect(await acceptsConnections(port)).toBe(false);
    const listener = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      expect(await acceptsConnections(port)).toBe(true);
    } finally {
      listener.close();
    }
  });

  it('hands out many free ports at once, all different, none listened on', async () => {
    const ports = await distinctFreePorts(12);
    expect(new Set(ports).size).toBe(12);
    for (const port of ports) expect(await acceptsConnections(port)).toBe(false);
  });

  it('kills a server that ignores SIGTERM once the grace period is over', async () => {
    const stubborn = spawn(process.execPath, [
      '-e',
      "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)",
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopServerProcess(stubborn, { graceMs: 300 });
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it('stops waiting at once when the server has exited, naming its log', async () => {
    const crashed = spawn(process.execPath, ['-e', 'process.exit(3)']);
    await new Promise((resolve) => crashed.once('exit', resolve));
    await expect(
      waitUntil('Example', async () => false, {
        child: crashed,
        logFile: '/tmp/example.log',
        timeoutMs: 5000,
      }),
    ).rejects.toThrow('Example: the server exited with 3; see /tmp/example.log');
  });

  it('stops the server that runs now, with the signal asked for, then removes its files, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yoman-stopper-'));
    writeFileSync(join(dir, 'data'), 'x');
    const serverCode = "process.on('SIGINT', () => process.exit(0)); setInterval(() => {}, 1000)";
    const first = spawn(process.execPath, ['-e', serverCode]);
    let child = first;
    const stop = stopperOf(() => child, dir, { signal: 'SIGINT', graceMs: 5000 });
    // Restarted as another process, as the Kafka node is: the stop reaches the one running now.
    await stopServerProcess(first);
    child = spawn(process.execPath, ['-e', serverCode]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = stop();
    expect(stop()).toBe(stopping);
    await stopping;
    expect(child.exitCode).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });
});
