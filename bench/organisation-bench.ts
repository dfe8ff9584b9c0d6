// An organisation's students reading at once, embedded (`npx tsx bench/organisation-bench.ts [students]
// [trades each] [seconds]`): the process `npm start` runs, with that many signed-up students each holding a
// year of trades, rebuilt from the event store. The reads a student's screens open (the calendar's month, the
// trades list's first page, the dashboard of this month, analytics) go out as a mix, each request one of
// them as one of the students drawn at random, and then as one student only, in the same run: what many
// students cost against one, req/s and p99, and the process's resident memory after each.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { YomanReady } from './bench-messages';
import { DEFAULT_CONNECTIONS } from './bench-options';
import { startServer } from './bench-processes';
import { benchMonthOf } from './bench-trades';
import { type LoadFigures, runLoad } from './load-generator';
import { residentMegabytes } from './mode-probe';
import { EMBEDDED_ONLY } from './run-modes';

const students = Number(process.argv[2] ?? 200);
const tradesEach = Number(process.argv[3] ?? 500);
const seconds = Number(process.argv[4] ?? 10);
const CONNECTIONS = DEFAULT_CONNECTIONS;

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'yoman-organisation-'));
  console.log(`Signing up ${students} students with ${tradesEach} trades each and rebuilding…`);
  const started = performance.now();
  const server = await startServer<YomanReady>(
    'yoman-server.ts',
    {
      ...EMBEDDED_ONLY,
      DATA_DIR: join(workDir, 'data'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BENCH_TRADES: '0',
      BENCH_EVENTS: '0',
      BENCH_CLASS_STUDENTS: String(students),
      BENCH_CLASS_TRADES: String(tradesEach),
    },
    30 * 60_000,
  );
  try {
    const { ready } = server;
    console.log(
      `  ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${ready.events} events, ` +
        `rebuilt in ${ready.rebuildSeconds.toFixed(1)} s; ${residentMegabytes(server.pid).toFixed(0)} MB`,
    );
    const month = benchMonthOf(ready.month.year, ready.month.month);
    const reads = [
      { name: 'calendar month', path: `/api/daily-aggregates?${month.calendarQuery}` },
      { name: 'trades list, first page', path: '/api/trades?limit=50' },
      { name: 'dashboard, this month', path: '/api/dashboard-stats' },
      { name: 'analytics, all time', path: '/api/analytics' },
    ];
    const url = `http://127.0.0.1:${ready.port}`;
    const headers = { accept: 'application/json' };
    const allPaths = reads.map((read) => read.path);
    const loads: { name: string; paths: string[]; cookies: string[] }[] = [
      { name: `the four reads, ${students} students`, paths: allPaths, cookies: ready.classCookies },
      { name: 'the four reads, one student', paths: allPaths, cookies: ready.classCookies.slice(0, 1) },
      ...reads.map((read) => ({
        name: `${read.name}, ${students} students`,
        paths: [read.path],
        cookies: ready.classCookies,
      })),
    ];
    const rows: { name: string; figures: LoadFigures; memory: number }[] = [];
    for (const load of loads) {
      console.log(`Measuring ${load.name}…`);
      const mix = { paths: load.paths, cookies: load.cookies };
      await runLoad({ url, connections: CONNECTIONS, seconds: 2, headers, mix });
      const figures = await runLoad({ url, connections: CONNECTIONS, seconds, headers, mix });
      if (figures.non2xx > 0 || figures.errors > 0) {
        throw new Error(`${load.name}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors`);
      }
      rows.push({ name: load.name, figures, memory: residentMegabytes(server.pid) });
    }
    console.log(
      `\n${students} students × ${tradesEach} trades (${ready.events} events), ${CONNECTIONS} connections, ${seconds} s each`,
    );
    console.log(
      `${'load'.padEnd(44)}${'req/s'.padStart(10)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'RSS MB'.padStart(8)}`,
    );
    for (const { name, figures, memory } of rows) {
      console.log(
        `${name.padEnd(44)}${figures.requestsPerSecond.toFixed(0).padStart(10)}${String(figures.p50).padStart(8)}` +
          `${String(figures.p99).padStart(8)}${memory.toFixed(0).padStart(8)}`,
      );
    }
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
