import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { marketModule } from '@yoman/market';
import {
  createLogger,
  createPlatform,
  IN_MEMORY_DATA_DIR,
  loadConfig,
  type RunningPlatform,
} from '@yoman/platform';
import { createTradeModule } from '@yoman/trade';
import type { YomanReady } from './bench-messages';
import { startServer } from './bench-processes';
import { benchTradeBody } from './bench-trades';
import { type LoadFigures, runLoad } from './load-generator';
import {
  type CatchUpFigures,
  type LagFigures,
  measureCatchUp,
  measureLag,
  residentMegabytes,
} from './mode-probe';

// The same four figures for both run modes, one after the other in one run: trade logging through HTTP,
// append-to-visible lag at a steady rate, catch-up after the projections were down, and each process's memory.

export interface ModeSettings {
  loggingSeconds: number;
  connections: number;
  lagRate: number;
  lagSeconds: number;
  lagWarmupSeconds: number;
  catchUpEvents: number;
  repoRoot: string;
  workDir: string;
}

export interface ModeFigures {
  mode: 'embedded' | 'distributed';
  /** The closed loop's clients while trades were logged. */
  connections: number;
  logging: LoadFigures;
  lag: LagFigures;
  catchUp: CatchUpFigures;
  memory: { process: string; megabytes: number }[];
}

/** The embedded process ignores servers named for the distributed run (an empty variable counts as unset). */
export const EMBEDDED_ONLY = { DATABASE_URL: '', REDIS_URL: '', KAFKA_BROKERS: '' };

const PROBE_MODULES = () => [marketModule, createTradeModule()];
const logger = () => createLogger({ level: 'warn', name: 'bench-modes' });

/**
 * Logs trades through HTTP as fast as `connections` clients can (closed loop), each a new trade of the day
 * exiting 100 ms after the one before (as the lag probe's): the warm-up's from 59 minutes ago, the measured
 * run's from 58, so every trade is logged within the hour of its exit (not late, rules §2) and in order.
 */
function logTrades(url: string, cookie: string, settings: ModeSettings, run: 'warm-up' | 'measured') {
  return runLoad({
    url: `${url}/api/trades`,
    method: 'POST',
    connections: settings.connections,
    seconds: settings.loggingSeconds,
    headers: { cookie, 'content-type': 'application/json' },
    sequence: {
      template: JSON.stringify({
        ...benchTradeBody(1, new Date()),
        entryTime: '__ENTRY__',
        exitTime: '__EXIT__',
      }),
      first: Date.now() - (run === 'warm-up' ? 59 : 58) * 60_000,
      stepMs: 100,
    },
  });
}

/** The settings both modes are measured with: as `npm start` and a deployment run, logging warnings only. */
const DEPLOYED_SETTINGS = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };

/** Embedded: `npm start`'s process on a fresh PGlite directory; the probe holds an in-memory one. */
export async function measureEmbedded(settings: ModeSettings): Promise<ModeFigures> {
  const server = await startServer<YomanReady>(
    'yoman-server.ts',
    {
      ...EMBEDDED_ONLY,
      DATA_DIR: join(settings.workDir, 'embedded'),
      ...DEPLOYED_SETTINGS,
      BENCH_TRADES: '20',
      BENCH_EVENTS: '0',
    },
    5 * 60_000,
  );
  let probe: RunningPlatform | undefined;
  try {
    const url = `http://127.0.0.1:${server.ready.port}`;
    await logTrades(url, server.ready.cookie, { ...settings, loggingSeconds: 1 }, 'warm-up');
    const logging = await logTrades(url, server.ready.cookie, settings, 'measured');
    const memory = [{ process: 'gateway (everything)', megabytes: residentMegabytes(server.pid) }];
    probe = await createPlatform(
      loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
      PROBE_MODULES(),
      { logger: logger(), background: false },
    );
    const { platform } = probe;
    const lag = await measureLag(platform, 'bench-lag', {
      rate: settings.lagRate,
      seconds: settings.lagSeconds,
      warmupSeconds: settings.lagWarmupSeconds,
    });
    // Bulk-written events wake nobody in the embedded mode: the catch-up below is the projections' whole work.
    const catchUp = await measureCatchUp(platform, 'bench-backlog', {
      events: settings.catchUpEvents,
      pause: async () => {},
      resume: async () => {},
    });
    return { mode: 'embedded', connections: settings.connections, logging, lag, catchUp, memory };
  } finally {
    await probe?.close();
    await server.stop();
  }
}

interface Stack {
  gatewayUrl: string;
  env: Record<string, string>;
  processes: Map<string, { port: number; pid: number | undefined }>;
  kill(name: string, signal?: string): Promise<void>;
  start(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface Servers {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  stop(): Promise<void>;
}

/** infra/ is plain JavaScript run by Node; its modules are loaded by path. */
async function infraModule<Module>(root: string, path: string): Promise<Module> {
  return import(pathToFileURL(join(root, path)).href) as Promise<Module>;
}

/** Distributed: the stack's processes on PostgreSQL, Kafka and Redis; the probe is an `api` process of its own. */
export async function measureDistributed(settings: ModeSettings): Promise<ModeFigures> {
  const { provideServers } = await infraModule<{
    provideServers(options: { withKafka: boolean; log?: (line: string) => void }): Promise<Servers>;
  }>(settings.repoRoot, 'infra/servers.mjs');
  const { startStack } = await infraModule<{
    startStack(options: { settings?: Record<string, string> } & Record<string, unknown>): Promise<Stack>;
  }>(settings.repoRoot, 'infra/stack/stack.mjs');
  const { registerPerson } = await infraModule<{
    registerPerson(
      url: string,
      person: { username: string },
    ): Promise<{ session: { cookies: Map<string, string> } }>;
  }>(settings.repoRoot, 'infra/stack/browser-session.mjs');

  const quiet = () => {};
  const servers = await provideServers({ withKafka: true, log: quiet });
  let stack: Stack | undefined;
  let probe: RunningPlatform | undefined;
  try {
    // Run as deployed and with the embedded server's settings: production (answers written by the compiled
    // serialisers alone; the tests' stack also checks each one against its contract) and warnings only.
    stack = await startStack({ ...servers, settings: DEPLOYED_SETTINGS, log: quiet });
    await registerPerson(stack.gatewayUrl, { username: 'bench_mentor' });
    const student = await registerPerson(stack.gatewayUrl, { username: 'bench_student' });
    const cookie = [...student.session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await logTrades(stack.gatewayUrl, cookie, { ...settings, loggingSeconds: 1 }, 'warm-up');
    const logging = await logTrades(stack.gatewayUrl, cookie, settings, 'measured');
    const memory = [...stack.processes].map(([name, { pid }]) => ({
      process: name,
      megabytes: residentMegabytes(pid),
    }));
    probe = await createPlatform(loadConfig(stack.env), PROBE_MODULES(), {
      logger: logger(),
      background: false,
      role: 'api',
      service: 'trade',
    });
    const { platform } = probe;
    const lag = await measureLag(platform, 'bench-lag', {
      rate: settings.lagRate,
      seconds: settings.lagSeconds,
      warmupSeconds: settings.lagWarmupSeconds,
    });
    const running = stack;
    const catchUp = await measureCatchUp(platform, 'bench-backlog', {
      events: settings.catchUpEvents,
      // Stopped the way an operator stops it for a deploy (SIGTERM: it leaves its consumer group at once).
      pause: () => running.kill('trade-projector', 'SIGTERM'),
      resume: () => running.start('trade-projector'),
    });
    return { mode: 'distributed', connections: settings.connections, logging, lag, catchUp, memory };
  } finally {
    await probe?.close();
    await stack?.stop();
    await servers.stop();
  }
}

/** Both modes, embedded first; a distributed mode that cannot start is reported with its reason. */
export async function compareModes(
  settings: ModeSettings,
  log: (line: string) => void,
): Promise<{ embedded: ModeFigures; distributed: ModeFigures | { notMeasured: string } }> {
  log('Run modes: embedded (one process, PGlite)…');
  const embedded = await measureEmbedded(settings);
  log(
    'Run modes: distributed (PostgreSQL, Kafka, Redis; gateway and trade as api/projector/worker processes)…',
  );
  try {
    return { embedded, distributed: await measureDistributed(settings) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`  the distributed mode could not be measured: ${reason}`);
    return { embedded, distributed: { notMeasured: reason.split('\n')[0] ?? reason } };
  }
}
