// The distributed mode as separate OS processes on real PostgreSQL, Kafka and Redis: the prepare job, then
// the gateway and trade services in their api, projector and worker roles, each on a free 127.0.0.1 port.
// `startStack()` resolves once every /readyz answers; `stop()` (also run on exit) removes what it made.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';
import { distinctFreePorts, stopOnExit } from '../local/server-process.mjs';
import { processNamesOf, readRegistry } from './registry.mjs';
import {
  claimRedisDatabase,
  createSchema,
  databaseUrlOf,
  deleteKafkaNames,
  dropSchema,
  dropSchemaNow,
  flushRedisDatabase,
} from './stack-isolation.mjs';
import { runOnce, stackProcess, tailOf } from './stack-process.mjs';

/** The registry's services (name, port, entry, roles), the gateway first. */
export const STACK_SERVICES = readRegistry();

/** Every process of the stack, in start order: `<service>-<role>` of every service of the registry. */
export const STACK_PROCESSES = processNamesOf(STACK_SERVICES);

const OPERATOR_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'DATA_DIR', 'PORT', 'SERVICE_URLS'];
const secret = () => randomBytes(32).toString('hex');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The environment every process of one stack shares (PORT is added per process). */
function stackEnvironment({
  databaseUrl,
  redisUrl,
  kafkaBrokers,
  prefix,
  partitions,
  frontEndDir,
  serviceUrls,
  settings,
}) {
  const env = { ...process.env };
  for (const name of OPERATOR_VARIABLES) delete env[name];
  for (const name of Object.keys(env))
    if (name.startsWith('YOMAN_TEST_') || name.startsWith('VITEST')) delete env[name];
  return {
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.YOMAN_STACK_LOG_LEVEL ?? 'info',
    HOST: '127.0.0.1',
    COOKIE_SECURE: 'false',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    KAFKA_BROKERS: kafkaBrokers,
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_PARTITIONS: String(partitions),
    SESSION_SECRET: secret(),
    INTERNAL_SECRET: secret(),
    FRONT_END_DIR: frontEndDir,
    SERVICE_URLS: serviceUrls,
    ...settings,
  };
}

/**
 * Starts a stack on the given servers, in a schema, a Redis database and a topic prefix of its own.
 * `processes` chooses which of STACK_PROCESSES to start (default all). The processes run compiled, as a
 * deployment runs them (the server is built first, in about a second); `runtime: 'tsx'` runs the TypeScript
 * sources instead. `settings` are variables every process gets on top of the stack's own (the tests' stack runs
 * with NODE_ENV=test, so every answer is also checked against its contract; the bench runs it as deployed,
 * `{ NODE_ENV: 'production', LOG_LEVEL: 'warn' }`). `frontEndDir` is the front end the gateway serves
 * (FRONT_END_DIR); by default an empty directory, so pages answer "not built". Returns `gatewayUrl`, `processes`
 * (name → { port, pid }), `runtime`, `kill(name, signal)`, `start(name)`, `restart(name)`, `logOf(name)`, `stop()`, `env`,
 * `schema` and `serverDatabaseUrl`.
 */
export async function startStack({
  databaseUrl,
  redisUrl,
  kafkaBrokers,
  processes = STACK_PROCESSES,
  partitions = 3,
  runtime = 'compiled',
  settings = {},
  frontEndDir: givenFrontEndDir,
  log = (line) => process.stderr.write(`${line}\n`),
}) {
  const startedAt = Date.now();
  const id = randomBytes(4).toString('hex');
  const schema = `stack_${id}`;
  const prefix = `s${id}.`;
  const dir = mkdtempSync(join(tmpdir(), `yoman-stack-${id}-`));
  const frontEndDir = givenFrontEndDir ?? join(dir, 'front-end');
  if (!givenFrontEndDir) mkdirSync(frontEndDir);

  await createSchema(databaseUrl, schema);
  let stackRedisUrl;
  const free = await distinctFreePorts(STACK_PROCESSES.length);
  const ports = new Map(STACK_PROCESSES.map((name, index) => [name, free[index]]));
  const children = new Map();
  let stopping;

  const unregister = stopOnExit(
    () => stop(),
    () => {
      for (const child of children.values()) child.killNow();
      dropSchemaNow(databaseUrl, schema);
    },
  );

  async function stop({ keepLogs = false } = {}) {
    stopping ??= (async () => {
      await Promise.all([...children.values()].map((child) => child.kill('SIGTERM', 10_000)));
      await Promise.allSettled([
        dropSchema(databaseUrl, schema),
        stackRedisUrl ? flushRedisDatabase(stackRedisUrl) : undefined,
        deleteKafkaNames(kafkaBrokers, prefix),
      ]);
      unregister();
      if (!keepLogs) rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  }

  try {
    stackRedisUrl = await claimRedisDatabase(redisUrl, schema);
    const env = stackEnvironment({
      databaseUrl: databaseUrlOf(databaseUrl, schema),
      redisUrl: stackRedisUrl,
      kafkaBrokers,
      prefix,
      partitions,
      frontEndDir,
      settings,
      // Every service but the gateway is reached through its API process.
      serviceUrls: STACK_SERVICES.filter(
        (service) => service.name !== 'gateway' && service.roles.includes('api'),
      )
        .map((service) => `${service.name}=http://127.0.0.1:${ports.get(`${service.name}-api`)}`)
        .join(','),
    });
    for (const service of STACK_SERVICES) {
      for (const role of service.roles) {
        const name = `${service.name}-${role}`;
        const port = ports.get(name);
        children.set(
          name,
          stackProcess({ name, entry: service.entry, role, port, env, logDir: dir, runtime }),
        );
      }
    }

    // Built on every start, so the processes never run code older than the sources.
    if (runtime === 'compiled') await buildServer();
    const prepareLog = join(dir, 'prepare.log');
    const prepared = await runOnce('services/gateway/src/cli/prepare.ts', [], {
      env,
      logFile: prepareLog,
      runtime,
    });
    if (prepared.code !== 0) throw new Error(`prepare exited ${prepared.code}:\n${tailOf(prepareLog)}`);
    const preparedAt = Date.now();
    log(
      `stack ${id}: prepared in ${seconds(preparedAt - startedAt)} (${prepared.stdout.trim().split('\n').length} lines)`,
    );

    const wanted = processes.map((name) => {
      const child = children.get(name);
      if (!child) throw new Error(`unknown stack process ${name}: one of ${STACK_PROCESSES.join(', ')}`);
      return child;
    });
    for (const child of wanted) child.start();
    await Promise.all(wanted.map((child) => child.ready()));
    log(
      `stack ${id}: ${wanted.length} processes ready in ${seconds(Date.now() - preparedAt)} (logs in ${dir})`,
    );

    const running = {
      gatewayUrl: `http://127.0.0.1:${ports.get('gateway-api')}`,
      env,
      runtime,
      schema,
      prefix,
      dir,
      serverDatabaseUrl: databaseUrl,
      /** name → { port, pid } of every process (pid undefined while it is not running). */
      get processes() {
        return new Map(
          [...children].map(([name, child]) => [
            name,
            { port: child.port, pid: child.alive() ? child.pid : undefined },
          ]),
        );
      },
      urlOf: (name) => `http://127.0.0.1:${ports.get(name)}`,
      /** Sends `signal` (default SIGKILL) and resolves once the process is gone. */
      kill: (name, signal = 'SIGKILL') => processNamed(name).kill(signal),
      /** Starts a stopped process on its port and waits for its /readyz. */
      async start(name) {
        const child = processNamed(name);
        child.start();
        await child.ready();
      },
      /** Stops (SIGTERM) and starts a process again, on the same port. */
      async restart(name) {
        await processNamed(name).kill('SIGTERM');
        await running.start(name);
      },
      logOf: (name, lines = 60) => tailOf(processNamed(name).logFile, lines),
      /** Every process's last log lines, for a failed test's output. */
      logs: (lines = 30) =>
        [...children.values()]
          .map((child) => `── ${child.name} ──\n${tailOf(child.logFile, lines)}`)
          .concat(`── prepare ──\n${tailOf(prepareLog, lines)}`)
          .join('\n'),
      stop,
    };
    return running;

    function processNamed(name) {
      const child = children.get(name);
      if (!child) throw new Error(`unknown stack process ${name}`);
      return child;
    }
  } catch (error) {
    const logs = [...children.values()].map((child) => `── ${child.name} ──\n${tailOf(child.logFile, 30)}`);
    log(`stack ${id} failed to start: ${error instanceof Error ? error.message : error}\n${logs.join('\n')}`);
    await stop();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL || !REDIS_URL || !KAFKA_BROKERS) {
    process.stderr.write(
      'usage: DATABASE_URL=… REDIS_URL=… KAFKA_BROKERS=… [YOMAN_STACK_RUNTIME=tsx] node infra/stack/stack.mjs\n',
    );
    process.exit(2);
  }
  const stack = await startStack({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    kafkaBrokers: KAFKA_BROKERS,
    runtime: process.env.YOMAN_STACK_RUNTIME || undefined,
  });
  console.log(`GATEWAY_URL=${stack.gatewayUrl}`);
  for (const [name, { port, pid }] of stack.processes)
    console.error(`  ${name.padEnd(18)} port ${port} pid ${pid}`);
  console.error(`logs in ${stack.dir}; Ctrl-C stops every process and drops schema ${stack.schema}.`);
  setInterval(() => {}, 1 << 30);
}
