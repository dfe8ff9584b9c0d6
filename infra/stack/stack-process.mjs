// One process of the distributed stack: `node <SERVER_NODE_FLAGS> services/<service>/dist/main.mjs --role
// <role>` (the compiled entry, as docker-compose.yml and infra/k8s run it; `runtime: 'tsx'` runs the TypeScript
// source instead) on a fixed port, its output appended to a log file, with start, readiness, kill and restart.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { compiledEntryOf } from '../../scripts/build-server.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export const repoRoot = join(import.meta.dirname, '..', '..');

/**
 * How node starts a source entry (services/<name>/src/…ts): its compiled file (scripts/build-server.mjs must
 * have run), or the source itself through tsx.
 */
export function nodeArgumentsOf(entry, runtime = 'compiled') {
  if (runtime === 'tsx') return ['--import', 'tsx', entry];
  if (runtime === 'compiled') return [...SERVER_NODE_FLAGS, compiledEntryOf(entry)];
  throw new Error(`unknown runtime ${runtime}: compiled or tsx`);
}

/** Runs an entry (see `nodeArgumentsOf`) with `args` to its end; resolves with its exit code and output. */
export function runOnce(entry, args, { env, logFile, runtime, timeoutMs = 120_000 }) {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, [...nodeArgumentsOf(entry, runtime), ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', log],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      closeSync(log);
      resolve({ code: code ?? signal, stdout });
    });
  });
}

/** The last `lines` lines of a log file (empty when there is none). */
export function tailOf(logFile, lines = 40) {
  if (!existsSync(logFile)) return '';
  return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
}

/** True when GET url answers 200 within a second. */
async function answers200(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * A service process of the stack. `start()` spawns it (again after a kill), `ready()` waits for its /readyz,
 * `kill(signal)` resolves once it is gone.
 */
export function stackProcess({ name, entry, role, port, env, logDir, runtime }) {
  const logFile = join(logDir, `${name}.log`);
  let child;
  let exited = Promise.resolve();

  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  function start() {
    if (alive()) throw new Error(`${name} is already running (pid ${child.pid})`);
    const log = openSync(logFile, 'a');
    child = spawn(process.execPath, [...nodeArgumentsOf(entry, runtime), '--role', role], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const current = child;
    exited = new Promise((resolve) => current.once('exit', resolve));
    return current.pid;
  }

  async function ready(timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!alive()) {
        throw new Error(`${name} exited (${child?.exitCode ?? child?.signalCode}):\n${tailOf(logFile)}`);
      }
      if (await answers200(`http://127.0.0.1:${port}/readyz`)) return;
      if (Date.now() > deadline)
        throw new Error(`${name} not ready after ${timeoutMs} ms:\n${tailOf(logFile)}`);
      await sleep(250);
    }
  }

  /** Sends `signal`; after `graceMs` a SIGKILL. Resolves once the process is gone. */
  async function kill(signal = 'SIGKILL', graceMs = 10_000) {
    if (!alive()) return;
    const gone = exited;
    child.kill(signal);
    const timer = setTimeout(() => alive() && child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }

  return {
    name,
    entry,
    role,
    port,
    logFile,
    start,
    ready,
    kill,
    alive,
    get pid() {
      return child?.pid;
    },
    /** Synchronous last resort on exit of the test process. */
    killNow() {
      if (alive()) child.kill('SIGKILL');
    },
  };
}
