// `npm run test:infra [-- --with-kafka] [vitest filters…]`: the server test suite on real PostgreSQL,
// with Redis (and Kafka) up and smoke-checked. Servers come from DATABASE_URL / REDIS_URL / KAFKA_BROKERS
// when given, else testcontainers (with a Docker engine), else throwaway local servers (infra/local).
// Prints the runner's summary and one closing line `tests: N passed, N failed` that CI reads.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, repoRoot } from './ensure-installed.mjs';

/** The suite is stopped past this, so a hung server can never eat CI's whole budget. */
const SUITE_LIMIT_MS = 22 * 60_000;

ensureInstalled();
const { provideServers, redact } = await import('../infra/servers.mjs');
const { smokeCheckKafka } = await import('../infra/local/kafka.mjs');
const { smokeCheckRedis } = await import('../infra/local/redis.mjs');
const { stopOnExit, stopServerProcess } = await import('../infra/local/server-process.mjs');

const args = process.argv.slice(2);
const withKafka = args.includes('--with-kafka');
const vitestFilters = args.filter((arg) => arg !== '--with-kafka');
const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one named check, printing its outcome; true when it passed. */
async function check(label, body) {
  const started = Date.now();
  try {
    await body();
    console.log(`  ✓ ${label} (${seconds(Date.now() - started)})`);
    return true;
  } catch (error) {
    console.log(`  ✗ ${label}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Test files that failed without a single test result (an import or hook error). vitest's
 * numFailedTestSuites also counts every describe block around a failed test, so it would count twice.
 */
function filesThatDidNotRun(report) {
  return report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0)
    .length;
}

/** Runs the server project of vitest against the servers; resolves with its counts from the JSON report. */
function runServerSuite(servers) {
  const reportDir = mkdtempSync(join(tmpdir(), 'yoman-test-infra-'));
  const reportFile = join(reportDir, 'vitest.json');
  const env = {
    ...process.env,
    YOMAN_TEST_DATABASE_URL: servers.databaseUrl,
    YOMAN_TEST_REDIS_URL: servers.redisUrl,
  };
  if (servers.kafkaBrokers) env.YOMAN_TEST_KAFKA_BROKERS = servers.kafkaBrokers;
  // The servers this run promises: a test needing one of them fails, not skips, when its variable is missing.
  env.YOMAN_INFRA_SUITE = servers.kafkaBrokers ? 'postgres,redis,kafka' : 'postgres,redis';
  // The suite's own configuration comes from the YOMAN_TEST_* names; the operator's names stay out of it.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS']) delete env[name];
  const vitest = join(repoRoot, 'node_modules', '.bin', 'vitest');
  const vitestArgs = [
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...vitestFilters,
  ];
  return new Promise((resolve) => {
    const child = spawn(vitest, vitestArgs, { cwd: repoRoot, env, stdio: 'inherit' });
    const unregister = stopOnExit(
      () => stopServerProcess(child),
      () => child.kill('SIGKILL'),
    );
    const watchdog = setTimeout(() => {
      console.log(`\nthe server suite ran past ${seconds(SUITE_LIMIT_MS)}: stopping it`);
      child.kill('SIGTERM');
    }, SUITE_LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      unregister();
      let counts = { passed: 0, failed: 1 };
      try {
        const report = JSON.parse(readFileSync(reportFile, 'utf8'));
        counts = {
          passed: report.numPassedTests,
          failed: report.numFailedTests + filesThatDidNotRun(report),
        };
      } catch {
        console.log('the server suite left no report');
      }
      rmSync(reportDir, { recursive: true, force: true });
      resolve({ ...counts, ok: code === 0 });
    });
  });
}

console.log('▶ test:infra');
let servers;
let passed = 0;
let failed = 0;
let suiteOk = false;
try {
  servers = await provideServers({ withKafka });
  console.log(`  DATABASE_URL=${redact(servers.databaseUrl)}`);
  console.log(`  REDIS_URL=${servers.redisUrl}`);
  if (servers.kafkaBrokers) console.log(`  KAFKA_BROKERS=${servers.kafkaBrokers}`);

  console.log('\n▶ smoke checks');
  const smoke = [await check('Redis: set, get and delete a key', () => smokeCheckRedis(servers.redisUrl))];
  if (servers.kafkaBrokers) {
    smoke.push(
      await check('Kafka: create a topic, produce, consume in a group, delete', () =>
        smokeCheckKafka(servers.kafkaBrokers),
      ),
    );
  }
  passed += smoke.filter(Boolean).length;
  failed += smoke.filter((ok) => !ok).length;

  console.log('\n▶ server suite on PostgreSQL (vitest --project server)');
  const suiteStarted = Date.now();
  const suite = await runServerSuite(servers);
  suiteOk = suite.ok;
  passed += suite.passed;
  failed += suite.failed;
  console.log(
    `  server suite: ${suite.passed} passed, ${suite.failed} failed in ${seconds(Date.now() - suiteStarted)}`,
  );
} catch (error) {
  console.error(`\ntest:infra could not run: ${error instanceof Error ? error.message : String(error)}`);
  failed += 1;
} finally {
  if (servers) {
    const stopping = Date.now();
    await servers.stop();
    if (servers.started.length)
      console.log(
        `  stopped ${servers.started.map((s) => s.label).join(', ')} in ${seconds(Date.now() - stopping)}`,
      );
  }
}
console.log(`\ntest:infra took ${seconds(Date.now() - runStarted)}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(suiteOk && failed === 0 ? 0 : 1);
