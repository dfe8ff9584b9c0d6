// `npm run test:security`: Schemathesis (PyPI) against the API document an embedded server serves, signed in as a
// student who has a trade and a screenshot. Installs Schemathesis into a virtual environment under
// node_modules/.cache on first use, starts the server on 127.0.0.1 with a temporary data directory, fuzzes every
// operation (coverage, fuzzing and stateful phases; the links come from the route table) and stops the server.
// Fails on any server error, answer that breaks its schema, undeclared status, or fewer than the minimum cases.
//
//   SECURITY_MAX_TIME   seconds each Schemathesis process may spend (default 300); fuzzing repeats until they are spent
//   SECURITY_MIN_CASES  generated cases a run must reach (default 20000)
//   SECURITY_SEED       a seed, to replay a run
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, repoRoot } from './ensure-installed.mjs';

const SCHEMATHESIS_VERSION = '4.32.5';
const venv = join(repoRoot, 'node_modules', '.cache', 'schemathesis-venv');
const schemathesis = join(venv, 'bin', 'schemathesis');
const maxTime = Number(process.env.SECURITY_MAX_TIME ?? 300);
const minCases = Number(process.env.SECURITY_MIN_CASES ?? 20000);
const PASSWORD = 'security-fuzz-password-2026';

// Signing in again, signing out or disconnecting a device would end the fuzzer's own session, and it would
// then fuzz the signed-out surface only: those operations are left out (the access matrix covers them).
const SESSION_ENDING = 'login|logout|register|auth/devices/';
const JOURNAL = 'trades|daily-aggregates|calculate-trade';
const CHECKS = ['not_a_server_error', 'response_schema_conformance', 'status_code_conformance'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

function installedVersion() {
  if (!existsSync(schemathesis)) return null;
  const result = spawnSync(schemathesis, ['--version'], { encoding: 'utf8' });
  return result.stdout?.match(/(\d+\.\d+\.\d+)/)?.[1] ?? null;
}

function ensureSchemathesis() {
  if (installedVersion() === SCHEMATHESIS_VERSION) return;
  console.log(`Installing Schemathesis ${SCHEMATHESIS_VERSION} into ${venv}…`);
  mkdirSync(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
  if (!existsSync(join(venv, 'bin', 'pip'))) run('python3', ['-m', 'venv', venv]);
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`]);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startServer(port, dataDir, logFile) {
  const log = openSync(logFile, 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
}

async function waitForDocument(base, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const answer = await fetch(`${base}/api/openapi.json`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 2 minutes');
}

async function call(base, method, path, { cookie, json, bytes, type } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (type) headers['content-type'] = type;
  const answer = await fetch(`${base}${path}`, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : bytes,
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer;
}

/** A 1×1 PNG, the smallest image the screenshot upload accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A student with a trade and a screenshot; the first account of an installation is a mentor, so one comes first. */
async function seedStudent(base) {
  const register = (name) =>
    call(base, 'POST', '/api/register', {
      json: { username: name, email: `${name}@security.example`, password: PASSWORD, displayName: name },
    });
  await register('mentor');
  const student = await register('student');
  const session = student.headers.getSetCookie().find((cookie) => cookie.startsWith('yoman_session='));
  if (!session) throw new Error('registration set no session cookie');
  const cookie = session.split(';')[0];
  const link = await (await call(base, 'POST', '/api/screenshots/upload-url', { cookie })).json();
  await call(base, 'PUT', link.uploadURL, { cookie, bytes: TINY_PNG, type: 'image/png' });
  const exit = new Date(Date.now() - 60 * 60 * 1000);
  const entry = new Date(exit.getTime() - 30 * 60 * 1000);
  await call(base, 'POST', '/api/trades', {
    cookie,
    json: {
      symbol: 'BTCUSDT',
      assetType: 'crypto',
      direction: 'long',
      entryPrice: '100',
      exitPrice: '110',
      stopPrice: '95',
      positionSize: '1',
      fees: '0',
      session: 'london',
      setup: 'breakout',
      entryTime: entry.toISOString(),
      exitTime: exit.toISOString(),
      notes: 'seeded for the fuzzer',
      screenshotUrl: link.screenshotUrl,
    },
  });
  return cookie;
}

/**
 * Schemathesis spends most of a case's time generating it, in one Python thread (its worker threads share one
 * interpreter, and Python 3.11 can fail compiling in several at once): the operations are split between
 * processes instead, each with the operations its stateful links join (the journal's calls stay together).
 */
const PARTS = [
  { name: 'journal', filter: ['--include-path-regex', `^/api/(${JOURNAL})`] },
  { name: 'rest', filter: ['--exclude-path-regex', `^/api/(${SESSION_ENDING}|${JOURNAL})`] },
];

function fuzzArgs(base, cookie, part, reportDir) {
  const args = [
    'run',
    `${base}/api/openapi.json`,
    '--header',
    `Cookie: ${cookie}`,
    ...part.filter,
    '--checks',
    CHECKS.join(','),
    '--phases',
    'coverage,fuzzing,stateful',
    '--max-examples',
    '1000',
    '--max-time',
    String(maxTime),
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--generation-database',
    'none',
    '--continue-on-failure',
    '--report',
    'json,junit',
    '--report-dir',
    reportDir,
    '--no-color',
  ];
  if (process.env.SECURITY_SEED) args.push('--seed', process.env.SECURITY_SEED);
  return args;
}

/** One Schemathesis process over a part of the operations; its output goes to `<part>.log` beside its reports. */
function fuzzPart(base, cookie, part, reportRoot) {
  const reportDir = join(reportRoot, part.name);
  mkdirSync(reportDir, { recursive: true });
  const output = openSync(join(reportRoot, `${part.name}.log`), 'w');
  const child = spawn(schemathesis, fuzzArgs(base, cookie, part, reportDir), {
    // Its crash cache (`.schemathesis/`) goes beside the reports, not into the repository.
    cwd: reportDir,
    stdio: ['ignore', output, output],
    env: { ...process.env, NO_COLOR: '1' },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (status) => resolve({ part, status, reportDir }));
  });
}

function readReport(reportDir) {
  const file = readdirSync(reportDir).find((name) => name.startsWith('json-') && name.endsWith('.json'));
  if (!file) throw new Error(`Schemathesis wrote no JSON report in ${reportDir}`);
  return JSON.parse(readFileSync(join(reportDir, file), 'utf8'));
}

/** A part's outcome; its log is shown when it failed. */
function outcomeOf({ part, status, reportDir }, reportRoot) {
  const report = readReport(reportDir);
  const failures = report.failures.reduce((sum, failure) => sum + failure.count, 0);
  const broken = failures > 0 || report.test_cases.errored > 0 || status !== 0;
  if (broken) process.stdout.write(readFileSync(join(reportRoot, `${part.name}.log`), 'utf8'));
  console.log(
    `  ${part.name}: ${report.test_cases.generated} cases over ${report.operations.tested} operations, ` +
      `${failures} failures, ${report.test_cases.errored} errored (exit ${status})`,
  );
  return { report, failures, broken };
}

async function main() {
  const started = Date.now();
  ensureInstalled();
  ensureSchemathesis();
  const work = mkdtempSync(join(tmpdir(), 'yoman-security-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const reportDir = join(repoRoot, 'artifacts', 'security');
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLog = join(reportDir, 'server.log');
  const server = startServer(port, dataDir, serverLog);
  let outcomes;
  try {
    await waitForDocument(base, server);
    const cookie = await seedStudent(base);
    console.log(`Fuzzing ${base} for ${maxTime} s in ${PARTS.length} processes (logs in ${reportDir})…`);
    const finished = await Promise.all(PARTS.map((part) => fuzzPart(base, cookie, part, reportDir)));
    outcomes = finished.map((result) => outcomeOf(result, reportDir));
  } finally {
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  const sum = (count) => outcomes.reduce((total, outcome) => total + count(outcome), 0);
  const cases = sum((outcome) => outcome.report.test_cases.generated);
  const operations = sum((outcome) => outcome.report.operations.tested);
  const failures = sum((outcome) => outcome.failures);
  const errored = sum((outcome) => outcome.report.test_cases.errored);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `test:security: ${cases} generated cases over ${operations} operations, ${failures} failures, ` +
      `${errored} errored, in ${seconds} s (reports, logs and the server log in ${reportDir})`,
  );
  if (outcomes.some((outcome) => outcome.broken)) process.exit(1);
  if (cases < minCases) {
    console.error(
      `test:security: fewer than ${minCases} cases were generated; give it more SECURITY_MAX_TIME`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`test:security: ${error.message}`);
  process.exit(1);
});
