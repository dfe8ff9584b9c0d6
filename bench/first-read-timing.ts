import { TRADES_PAGE_SIZE } from '@yoman/contracts';
import { createLogger, loadConfig, usersChanged } from '@yoman/platform';
import { buildGateway } from '../services/gateway/src/gateway';
import { registerAccount } from '../services/gateway/src/identity';
import { benchMonthOf, exitTimesOf, writeLockedTrades } from './bench-trades';

// The first read after a change: `npm run bench` measures repeated calls, which embedded mode answers from
// memory (services/platform/src/read-cache). After a save the next call of each read computes from the read
// models. This times that computing path through HTTP (app.inject, in process, embedded on PGlite) for the
// bench's student: the calendar month, the dashboard of that month, all-time analytics, the trades list's first
// page and whole month, and a day of the day drawer, each call preceded by a change of the student's scope, as a
// save announces it.
// Run: DATA_DIR=$(mktemp -d) node --import tsx bench/first-read-timing.ts   (env TRADES, CALLS)

const TRADES = Number(process.env.TRADES ?? 20_000);
const CALLS = Number(process.env.CALLS ?? 40);
const PASSWORD = 'bench-password-2026';

const gateway = await buildGateway(loadConfig(), {
  logger: createLogger({ level: 'warn', name: 'first-read-timing' }),
  background: false,
});
const { platform, app } = gateway;
const student = await registerAccount(
  platform,
  { email: 'first-read@bench.example', username: 'first_read', displayName: 'בנץ׳', password: PASSWORD },
  { kind: 'self-registration' },
);
const now = new Date();
const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
await writeLockedTrades(platform, student.userId, exitTimesOf(TRADES, 3 * 365, end));
await gateway.running.projections.replay();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'first-read@bench.example', password: PASSWORD, rememberMe: true },
});
const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
const last = new Date(end.getTime() - 86_400_000);
const month = benchMonthOf(last.getUTCFullYear(), last.getUTCMonth() + 1);
const reads = [
  { name: 'GET /api/daily-aggregates?year&month', url: `/api/daily-aggregates?${month.calendarQuery}` },
  {
    name: 'GET /api/dashboard-stats?month',
    url: `/api/dashboard-stats?month=${month.param}`,
  },
  { name: 'GET /api/analytics (all time)', url: '/api/analytics' },
  {
    name: `GET /api/trades (first page, ${TRADES_PAGE_SIZE} rows)`,
    url: `/api/trades?${month.listRange}&limit=${TRADES_PAGE_SIZE}`,
  },
  { name: 'GET /api/trades (one month)', url: `/api/trades?${month.listRange}` },
  {
    name: 'GET /api/trades (the list screen: first page, all time)',
    url: `/api/trades?limit=${TRADES_PAGE_SIZE}`,
  },
  { name: 'GET /api/daily-aggregates/{date}', url: `/api/daily-aggregates/${month.param}-14` },
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function timed(url: string, changeFirst: boolean): Promise<number> {
  if (changeFirst) await platform.db.transaction(async (trx) => usersChanged(trx, [student.userId]));
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return elapsed;
}

console.log(`student with ${TRADES} trades, ${CALLS} calls each (the first two not counted)`);
console.log(
  'read                                      first call after a change: p50 / mean ms   repeated: p50 ms',
);
const results: { name: string; p50: number; mean: number; repeated: number }[] = [];
for (const read of reads) {
  for (let warm = 0; warm < 2; warm += 1) await timed(read.url, true);
  const first: number[] = [];
  const repeated: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    first.push(await timed(read.url, true));
    repeated.push(await timed(read.url, false));
  }
  const mean = first.reduce((sum, value) => sum + value, 0) / first.length;
  results.push({ name: read.name, p50: percentile(first, 50), mean, repeated: percentile(repeated, 50) });
  const last = results.at(-1);
  if (last)
    console.log(
      `${read.name.padEnd(42)}${last.p50.toFixed(1).padStart(14)} / ${last.mean.toFixed(1).padStart(6)}${last.repeated
        .toFixed(2)
        .padStart(22)}`,
    );
}
const calendar = results[0];
if (calendar) {
  for (const result of results.slice(1)) {
    console.log(
      `  ${result.name}: first call costs ${(result.p50 / calendar.p50).toFixed(2)}× the calendar month's (p50)`,
    );
  }
}
await gateway.close();
