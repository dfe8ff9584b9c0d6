// The embedded product started for a browser suite (npm run test:e2e, npm run test:lighthouse): a gateway on
// a free port of 127.0.0.1 over a given data directory, stopped by the caller whatever happened.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remotes, shell } from '../../remotes.config.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command in the repository with the terminal's output; resolves with its exit code. */
export function run(command, args, env = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', fail);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function waitUntilServing(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the gateway exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/remotes-manifest.json`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`the gateway did not answer within ${timeoutMs / 1000} s`);
}

function stop(server) {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the embedded gateway on `dataDir`; resolves once it answers, with its address and `stop()`. With
 * `logFile`, its log (JSON lines on stdout) is written there instead of dropped.
 */
export async function startProduct(dataDir, { logFile } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logFile ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // NODE_ENV=test logs nothing unless asked.
      ...(logFile ? { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } : {}),
    },
  });
  if (logFile) server.stdout.pipe(createWriteStream(logFile));
  try {
    await waitUntilServing(baseUrl, server);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { baseUrl, stop: () => stop(server) };
}

const webRoot = join(root, 'dist/web');
const FRONT_END_SOURCES = [shell.folder, ...remotes.map(({ folder }) => folder), 'ui', 'remotes.config.mjs'];
const BUILT_FILES = [
  'index.html',
  'pages.json',
  ...remotes.map(({ name }) => `remotes/${name}/mf-manifest.json`),
];
/** scripts/build.mjs exits with 2 when everything was built but /auth or the layout is over its budget; e2e/first-paint.e2e.ts then fails. */
const OVER_BUDGET_EXIT_CODE = 2;

function newestChange(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIsCurrent() {
  if (!BUILT_FILES.every((file) => existsSync(join(webRoot, file)))) return false;
  const builtAt = Math.min(...BUILT_FILES.map((file) => statSync(join(webRoot, file)).mtimeMs));
  return FRONT_END_SOURCES.every((dir) => newestChange(join(root, dir)) <= builtAt);
}

/**
 * Builds the front end when it is missing or older than its sources. Resolves with whether that build was
 * over its first-paint budgets: the suite still runs, and its caller fails afterwards.
 */
export async function ensureFrontEndBuilt() {
  if (buildIsCurrent()) {
    console.log('dist/web is up to date with the front-end sources; not rebuilding');
    return { overBudget: false };
  }
  const built = await run(process.execPath, ['scripts/build.mjs']);
  if (built === OVER_BUDGET_EXIT_CODE) {
    console.warn(
      '\nThe build is complete but over its size budget (see above); the browser suite runs anyway.\n',
    );
    return { overBudget: true };
  }
  if (built !== 0) throw new Error('the build failed');
  return { overBudget: false };
}

/**
 * The lines of a product log at `warn` or above (pino levels 40+), the last `most` of them: what a failed
 * browser suite prints, so that a server-side cause shows in CI's output.
 */
export function warningsOf(logFile, most = 40) {
  let text;
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  const warnings = text.split('\n').filter((line) => {
    try {
      return JSON.parse(line).level >= 40;
    } catch {
      return false;
    }
  });
  return warnings.slice(-most);
}
