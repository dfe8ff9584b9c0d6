import { spawn } from 'node:child_process';
import { openSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `count` free ports on 127.0.0.1, all different: the probes stay open until every port is known, so the
 * system cannot hand the same one out twice (sequential probes can get a port back that was just closed).
 */
export async function distinctFreePorts(count) {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const probe = createServer();
          probe.unref();
          probe.on('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => probe.address().port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** True when something accepts a TCP connection on 127.0.0.1:port. */
export function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

/**
 * Polls `isReady` every `intervalMs` until it answers true; fails with `what` after `timeoutMs`, or at once
 * when the server process has already exited (its log says why).
 */
export async function waitUntil(
  what,
  isReady,
  { timeoutMs = 30_000, intervalMs = 200, child, logFile } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `${what}: the server exited with ${child.exitCode}${logFile ? `; see ${logFile}` : ''}`,
      );
    }
    if (await isReady().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not ready after ${timeoutMs} ms${logFile ? `; see ${logFile}` : ''}`);
    }
    await sleep(intervalMs);
  }
}

/** Starts a server program in the foreground (never daemonized), so its pid is ours to stop. */
export function startServerProcess(command, args, { logFile, ...options } = {}) {
  const log = openSync(logFile, 'a');
  return spawn(command, args, { ...options, stdio: ['ignore', log, log] });
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the process is gone. */
export function stopServerProcess(child, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}

const stoppers = new Set();
let signalsHooked = false;

/**
 * Registers `stop` to run when this process is interrupted (SIGINT, SIGTERM) and `stopNow` (synchronous,
 * e.g. a SIGKILL) when it exits without stopping; the returned function unregisters both.
 */
export function stopOnExit(stop, stopNow) {
  const entry = { stop, stopNow };
  stoppers.add(entry);
  if (!signalsHooked) {
    signalsHooked = true;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, async () => {
        await Promise.allSettled([...stoppers].map((s) => s.stop()));
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    }
    process.once('exit', () => {
      for (const s of stoppers) s.stopNow();
    });
  }
  return () => stoppers.delete(entry);
}

/**
 * The stop of a server whose files are all in `dir`: `stopServerProcess(currentChild(), stopOptions)`, then
 * `dir` removed. It runs once however often it is called, and also when this process is interrupted; should
 * this process exit without it, the server is killed and `dir` removed on the way out. `currentChild` is
 * asked each time, for a server that is restarted as another process.
 */
export function stopperOf(currentChild, dir, stopOptions) {
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let stopped;
  const stop = () => {
    stopped ??= stopServerProcess(currentChild(), stopOptions).then(() => {
      unregister();
      removeDir();
    });
    return stopped;
  };
  const unregister = stopOnExit(stop, () => {
    currentChild().kill('SIGKILL');
    removeDir();
  });
  return stop;
}
