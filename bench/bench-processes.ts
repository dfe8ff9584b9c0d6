import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '../scripts/build-server.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

// The two servers under load run as separate Node processes started the same way, so Yoman and the baseline
// get the same runtime and neither shares an event loop with the load generator: compiled first, as
// `npm start` runs the gateway, into services/gateway/dist/bench-<name>.mjs beside its main.mjs (so npm
// packages and the built front end resolve as they do for it), then run by plain node: neither carries
// tsx's compiler in its memory and start-up.

/** A started server process and the first message it sent (its readiness report). */
export interface ServerProcess<Ready> {
  ready: Ready;
  /** The process id, for its memory figures. */
  pid: number | undefined;
  stop(): Promise<void>;
  /** Sends `message` over IPC and resolves with the process's next message. */
  ask(message: object): Promise<unknown>;
}

/** Compiles `bench/<file>`, forks it with `env` and waits up to `timeoutMs` for its ready message. */
export async function startServer<Ready>(
  file: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ServerProcess<Ready>> {
  const compiledName = `../services/gateway/dist/bench-${file.replace(/\.ts$/, '.mjs')}`;
  const compiled = fileURLToPath(new URL(compiledName, import.meta.url));
  await bundleEntry(fileURLToPath(new URL(file, import.meta.url)), compiled);
  const child = fork(compiled, [], {
    execArgv: SERVER_NODE_FLAGS,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} was not ready within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({
        ready: message as Ready,
        pid: child.pid,
        stop: () => stopServer(child),
        ask: (question) => askServer(child, question),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with code ${code} before it was ready`));
    });
  });
}

function askServer(child: ChildProcess, message: object): Promise<unknown> {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    // The readiness listener would report this exit as a failure to start.
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.send('stop');
  });
}
