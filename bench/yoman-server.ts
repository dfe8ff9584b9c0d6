// The bench's Yoman process: the embedded gateway on a temporary DATA_DIR, seeded with the bench student's
// trades (and other students' trades up to the event count), projections rebuilt from the whole event store
// (timed), then listening on 127.0.0.1. Started by bench/run-bench.ts, which talks to it over IPC.
import { createLogger, loadConfig } from '@yoman/platform';
import { buildGateway } from '../services/gateway/src/gateway';
import { registerAccount } from '../services/gateway/src/identity';
import type { YomanReady } from './bench-messages';
import { exitTimesOf, writeLockedTrades } from './bench-trades';
import { answerProfileMessage, isProfileMessage } from './cpu-profiler';

const PASSWORD = 'bench-password-2026';
// The bench student's trades span three years up to the end of last month; other students' one year.
const STUDENT_DAYS = 3 * 365;
const OTHERS_DAYS = 365;
const EVENTS_PER_TRADE = 2.5;

const trades = Number(process.env.BENCH_TRADES ?? 20_000);
const targetEvents = Number(process.env.BENCH_EVENTS ?? 100_000);
// An organisation's worth of signed-up students (bench/organisation-bench.ts), each with a year of trades;
// their session cookies go out with the ready message. None by default.
const classStudents = Number(process.env.BENCH_CLASS_STUDENTS ?? 0);
const classTrades = Number(process.env.BENCH_CLASS_TRADES ?? 0);

async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench-yoman' });
  const gateway = await buildGateway(config, { logger, background: false });
  const { platform, app } = gateway;
  process.on('message', (message) => {
    if (message === 'stop') gateway.close().then(() => process.exit(0));
    else if (isProfileMessage(message)) answerProfileMessage(message);
  });

  await registerAccount(
    platform,
    { email: 'mentor@bench.example', username: 'bench_mentor', displayName: 'מנטור', password: PASSWORD },
    { kind: 'mentor', organisationId: null },
  );
  const student = await registerAccount(
    platform,
    { email: 'student@bench.example', username: 'bench_student', displayName: 'סטודנט', password: PASSWORD },
    { kind: 'self-registration' },
  );
  const classmates = [];
  for (let n = 0; n < classStudents; n += 1) {
    const account = { email: `class-${n}@bench.example`, username: `class_${n}`, displayName: `תלמיד ${n}` };
    classmates.push(
      await registerAccount(platform, { ...account, password: PASSWORD }, { kind: 'self-registration' }),
    );
  }
  const end = startOfThisMonth();
  const seedStarted = performance.now();
  let events = await writeLockedTrades(platform, student.userId, exitTimesOf(trades, STUDENT_DAYS, end));
  for (const [n, classmate] of classmates.entries()) {
    events += await writeLockedTrades(
      platform,
      classmate.userId,
      exitTimesOf(classTrades, OTHERS_DAYS, end),
      n,
    );
  }
  for (let other = 0; events < targetEvents; other += 1) {
    const missing = Math.ceil((targetEvents - events) / EVENTS_PER_TRADE);
    const count = Math.min(missing, 20_000);
    events += await writeLockedTrades(platform, `bench-other-${other}`, exitTimesOf(count, OTHERS_DAYS, end));
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const rebuildStarted = performance.now();
  const replays = await gateway.running.projections.replay();
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  const head = await platform.eventStore.headPosition();

  const signIn = async (email: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD, rememberMe: true },
    });
    if (login.statusCode !== 200) throw new Error(`bench login answered ${login.statusCode}`);
    return String(login.headers['set-cookie']).split(';')[0] as string;
  };
  const cookie = await signIn('student@bench.example');
  const classCookies = [];
  for (let n = 0; n < classStudents; n += 1) classCookies.push(await signIn(`class-${n}@bench.example`));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  const month = new Date(end.getTime() - 15 * 86_400_000);
  const ready: YomanReady = {
    kind: 'ready',
    port: address.port,
    cookie,
    classCookies,
    studentTrades: trades,
    events: head,
    seedSeconds,
    rebuildSeconds,
    rebuilt: replays.map(({ projection, events: count, failures }) => ({
      projection,
      events: count,
      failures,
    })),
    month: { year: month.getUTCFullYear(), month: month.getUTCMonth() + 1 },
  };
  process.send?.(ready);
}

function startOfThisMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench Yoman server failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
