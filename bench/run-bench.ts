// `npm run bench [-- --quick]`: Yoman's reads against a bare Fastify baseline, sustained trade logging, and
// the projection rebuild, in one run on 127.0.0.1. Prints a table and writes artifacts/bench.json.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEXT_CURSOR_HEADER, TRADES_PAGE_SIZE } from '@yoman/contracts';
import { PICTURES_MODULE } from '../services/gateway/src/signed-in-pictures';
import type { BaselineReady, YomanReady } from './bench-messages';
import { connectionsOf } from './bench-options';
import { startServer } from './bench-processes';
import { type BenchReport, benchTableOf, modesTableOf, type ReadComparison } from './bench-report';
import { benchMonthOf, benchTradeBody } from './bench-trades';
import { runLoad } from './load-generator';
import { compareModes, EMBEDDED_ONLY, type ModeSettings } from './run-modes';

const quick = process.argv.includes('--quick');
/** `--modes-only`: only the embedded vs distributed comparison (no seeding of the heavy student). */
const modesOnly = process.argv.includes('--modes-only');
const MODE_SIZES = quick
  ? { loggingSeconds: 5, lagRate: 200, lagSeconds: 5, lagWarmupSeconds: 2, catchUpEvents: 2_000 }
  : { loggingSeconds: 10, lagRate: 200, lagSeconds: 15, lagWarmupSeconds: 5, catchUpEvents: 10_000 };
const SIZES = quick
  ? {
      trades: 2_000,
      events: 10_000,
      seconds: 3,
      otherSeconds: 1,
      postSeconds: 5,
      postRate: 10,
      readyMinutes: 5,
    }
  : {
      trades: 20_000,
      events: 100_000,
      seconds: 10,
      otherSeconds: 3,
      postSeconds: 15,
      postRate: 20,
      readyMinutes: 30,
    };
const CONNECTIONS = connectionsOf(process.argv);
const DAILY_AGGREGATES_READ = 'GET /api/daily-aggregates?year&month';

/**
 * One read to measure; `relativeTo` names the read whose cost it is compared with in the same run. A page
 * (`page: true`) is asked for as a browser's page load (Accept: text/html), and its baseline sends its HTML.
 */
interface BenchRead {
  name: string;
  path: string;
  baselinePath: string;
  relativeTo?: string;
  page?: boolean;
}

/**
 * The page loads the gateway draws for the user: the calendar, and `/`, a student's dashboard with the month's
 * figures (one more in-process call). Only when the front end is built with its drawings.
 */
const DRAWN_PAGE_READS: BenchRead[] = [
  {
    name: 'GET /calendar (page load, drawn for the user)',
    path: '/calendar',
    baselinePath: '/baseline/calendar-page',
    page: true,
  },
  {
    name: 'GET / (page load, the dashboard drawn with its figures)',
    path: '/',
    baselinePath: '/baseline/dashboard-page',
    page: true,
  },
];
/**
 * Every other read a screen of the journal makes, for the heavy student: the shell's, the day drawer's, the
 * setups', the trades list's with each of its filters and its second page, the dashboard's and analytics'
 * other forms, and the pages the server sends without drawing them. `cursor` is the list's second page.
 */
function otherReadsOf(month: string, cursor: string): BenchRead[] {
  const page = `limit=${TRADES_PAGE_SIZE}`;
  const read = (name: string, path: string, isPage = false): BenchRead => ({
    name,
    path,
    baselinePath: `/baseline/other-${name.replace(/[^a-z0-9]+/giu, '-')}`,
    ...(isPage ? { page: true } : {}),
  });
  return [
    read('GET /api/user', '/api/user'),
    read('GET /api/user-settings', '/api/user-settings'),
    read('GET /api/daily-aggregates/{date} (the day drawer)', `/api/daily-aggregates/${month}-14`),
    read('GET /api/setups', '/api/setups'),
    read('GET /api/trades: the list screen, first page', `/api/trades?${page}`),
    read('  second page (cursor)', `/api/trades?${page}&cursor=${encodeURIComponent(cursor)}`),
    read('  dateRange=year', `/api/trades?${page}&dateRange=year`),
    read('  search=AAPL', `/api/trades?${page}&search=AAPL`),
    read('  search matching nothing', `/api/trades?${page}&search=zzzz`),
    read('  news=true', `/api/trades?${page}&news=true`),
    read('  news=false', `/api/trades?${page}&news=false`),
    read('  rRange=2to3', `/api/trades?${page}&rRange=2to3`),
    read('  result=loss', `/api/trades?${page}&result=loss`),
    read('  trust=low', `/api/trades?${page}&trust=low`),
    read('  session=asia&asset=forex', `/api/trades?${page}&session=asia&asset=forex`),
    read('GET /api/dashboard-stats (this month)', '/api/dashboard-stats'),
    read('GET /api/analytics?from&to (one month)', `/api/analytics?from=${month}-01&to=${month}-28`),
    read('GET /trades (page load)', '/trades', true),
    read('GET /analytics (page load)', '/analytics', true),
    read('GET /setups (page load)', '/setups', true),
    read('GET /auth (page load, signed in)', '/auth', true),
  ];
}

const frontEndDraws = () => existsSync(join(repoRoot, 'dist', 'web', PICTURES_MODULE));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function modeSettings(workDir: string): ModeSettings {
  return { ...MODE_SIZES, connections: CONNECTIONS, repoRoot, workDir };
}

/** `--modes-only`: the run-mode comparison alone, written to artifacts/bench-modes.json. */
async function modesOnlyRun() {
  const startedAt = performance.now();
  const workDir = await mkdtemp(join(tmpdir(), 'yoman-bench-'));
  try {
    const modes = await compareModes(modeSettings(workDir), (line) => console.log(line));
    const report = {
      date: new Date().toISOString(),
      quick,
      modes,
      totalSeconds: (performance.now() - startedAt) / 1000,
    };
    await mkdir(join(repoRoot, 'artifacts'), { recursive: true });
    await writeFile(join(repoRoot, 'artifacts', 'bench-modes.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${modesTableOf(modes).join('\n')}\n\nFigures written to artifacts/bench-modes.json`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main() {
  if (modesOnly) return modesOnlyRun();
  const startedAt = performance.now();
  const workDir = await mkdtemp(join(tmpdir(), 'yoman-bench-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log(
      `Seeding ${SIZES.trades} trades (${SIZES.events} events) and rebuilding the projections` +
        `${quick ? ' (--quick)' : ''}…`,
    );
    const yoman = await startServer<YomanReady>(
      'yoman-server.ts',
      {
        ...EMBEDDED_ONLY,
        DATA_DIR: join(workDir, 'data'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        BENCH_TRADES: String(SIZES.trades),
        BENCH_EVENTS: String(SIZES.events),
      },
      SIZES.readyMinutes * 60_000,
    );
    stops.push(yoman.stop);
    const { ready } = yoman;
    console.log(
      `  seeded in ${ready.seedSeconds.toFixed(1)} s, rebuilt ${ready.events} events in ` +
        `${ready.rebuildSeconds.toFixed(1)} s`,
    );

    const yomanUrl = `http://127.0.0.1:${ready.port}`;
    const drawsPages = frontEndDraws();
    const month = benchMonthOf(ready.month.year, ready.month.month);
    const reads: BenchRead[] = [
      {
        name: DAILY_AGGREGATES_READ,
        path: `/api/daily-aggregates?${month.calendarQuery}`,
        baselinePath: '/baseline/daily-aggregates',
      },
      {
        name: 'GET /api/trades (one month)',
        path: `/api/trades?${month.listRange}`,
        baselinePath: '/baseline/trades',
      },
      {
        name: `GET /api/trades (first page, ${TRADES_PAGE_SIZE} rows)`,
        path: `/api/trades?${month.listRange}&limit=${TRADES_PAGE_SIZE}`,
        baselinePath: '/baseline/trades-first-page',
      },
      {
        name: 'GET /api/dashboard-stats?month',
        path: `/api/dashboard-stats?month=${month.param}`,
        baselinePath: '/baseline/dashboard-stats',
        relativeTo: DAILY_AGGREGATES_READ,
      },
      {
        name: 'GET /api/analytics (all time)',
        path: '/api/analytics',
        baselinePath: '/baseline/analytics',
        relativeTo: DAILY_AGGREGATES_READ,
      },
      ...(drawsPages ? DRAWN_PAGE_READS : []),
    ];
    if (!drawsPages) console.log('  (no drawn page load: the front end is not built; npm run build first)');
    const secondPage = await fetch(`${yomanUrl}/api/trades?limit=${TRADES_PAGE_SIZE}`, {
      headers: { cookie: ready.cookie },
    });
    // The pages need the built front end, as the drawn ones do.
    const otherReads = otherReadsOf(month.param, secondPage.headers.get(NEXT_CURSOR_HEADER) ?? '').filter(
      (read) => drawsPages || !read.page,
    );
    const cookie = { cookie: ready.cookie };
    const headersOf = (read: BenchRead) => (read.page ? { ...cookie, accept: 'text/html' } : cookie);
    const bodies: Record<string, string> = {};
    const sizes = new Map<BenchRead, number>();
    for (const read of [...reads, ...otherReads]) {
      const response = await fetch(yomanUrl + read.path, { headers: headersOf(read) });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${read.path} answered ${response.status}: ${text}`);
      if (DRAWN_PAGE_READS.includes(read) && !text.includes('id="prerendered-screen"'))
        throw new Error(`${read.path} came undrawn`);
      const file = join(workDir, `${read.baselinePath.split('/').at(-1)}.${read.page ? 'html' : 'json'}`);
      await writeFile(file, text);
      bodies[read.baselinePath] = file;
      sizes.set(read, Buffer.byteLength(text));
    }
    const baseline = await startServer<BaselineReady>(
      'baseline-server.ts',
      { BENCH_BASELINE_BODIES: JSON.stringify(bodies), NODE_ENV: 'production' },
      60_000,
    );
    stops.push(baseline.stop);
    const baselineUrl = `http://127.0.0.1:${baseline.ready.port}`;
    for (const [read, size] of sizes) {
      const same = await (await fetch(baselineUrl + read.baselinePath)).text();
      if (Buffer.byteLength(same) !== size) {
        throw new Error(`the baseline's ${read.baselinePath} is not the same size as Yoman's answer`);
      }
    }

    const compare = async (read: BenchRead, seconds: number) => {
      const responseBytes = sizes.get(read) ?? 0;
      console.log(`Measuring ${read.name}…`);
      const settings = { connections: CONNECTIONS, seconds };
      const headers = headersOf(read);
      await runLoad({ ...settings, seconds: 1, url: yomanUrl + read.path, headers });
      const yomanFigures = await runLoad({ ...settings, url: yomanUrl + read.path, headers });
      await runLoad({ ...settings, seconds: 1, url: baselineUrl + read.baselinePath, headers: cookie });
      const baselineFigures = await runLoad({
        ...settings,
        url: baselineUrl + read.baselinePath,
        headers: cookie,
      });
      return {
        name: read.name,
        path: read.path,
        responseBytes,
        yoman: yomanFigures,
        baseline: baselineFigures,
        ...(read.relativeTo ? { relativeTo: read.relativeTo } : {}),
      };
    };
    const comparisons: ReadComparison[] = [];
    for (const read of reads) comparisons.push(await compare(read, SIZES.seconds));
    const otherComparisons: ReadComparison[] = [];
    for (const read of otherReads) otherComparisons.push(await compare(read, SIZES.otherSeconds));

    console.log(`Logging trades at ${SIZES.postRate}/s for ${SIZES.postSeconds} s…`);
    const exit = new Date(Date.now() - 30 * 60_000);
    const write = await runLoad({
      url: `${yomanUrl}/api/trades`,
      method: 'POST',
      connections: CONNECTIONS,
      seconds: SIZES.postSeconds,
      rate: SIZES.postRate,
      headers: { ...cookie, 'content-type': 'application/json' },
      body: JSON.stringify(benchTradeBody(1, exit)),
    });

    // The heavy student's servers are idle from here: stopped, so they do not share the cores or the memory.
    for (const stop of stops.splice(0).reverse()) await stop();
    const modes = await compareModes(modeSettings(workDir), (line) => console.log(line));

    const report: BenchReport = {
      date: new Date().toISOString(),
      quick,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        loadAverageAtEnd: loadavg().map((value) => Number(value.toFixed(2))),
      },
      settings: {
        connections: CONNECTIONS,
        seconds: SIZES.seconds,
        loadGenerator: 'autocannon 9 (own process)',
      },
      seed: { studentTrades: ready.studentTrades, events: ready.events, seconds: ready.seedSeconds },
      rebuild: {
        events: ready.events,
        seconds: ready.rebuildSeconds,
        eventsPerSecond: ready.events / ready.rebuildSeconds,
        projections: ready.rebuilt,
      },
      reads: comparisons,
      otherReads: { seconds: SIZES.otherSeconds, reads: otherComparisons },
      write: { targetRate: SIZES.postRate, seconds: SIZES.postSeconds, ...write },
      modes,
      totalSeconds: (performance.now() - startedAt) / 1000,
    };
    await mkdir(join(repoRoot, 'artifacts'), { recursive: true });
    await writeFile(join(repoRoot, 'artifacts', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${benchTableOf(report)}\n\nFigures written to artifacts/bench.json`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`npm run bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
