// The distributed mode as separate OS processes on real PostgreSQL, Kafka and Redis: API flows over HTTP
// through the gateway, then faults (a killed projector, a killed worker, a restarted Kafka broker).
// Needs YOMAN_TEST_DATABASE_URL, YOMAN_TEST_REDIS_URL and YOMAN_TEST_KAFKA_BROKERS (npm run test:infra --
// --with-kafka); skipped, under its name, without them (see needsInfra).
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { needsInfra } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startKafka } from '../local/kafka.mjs';
import { browserSession, registerPerson, sendRegistration } from './browser-session.mjs';
import { connectToStack, eventCounts, messagesInTopic, waitForCatchUp } from './read-models.mjs';
import { STACK_PROCESSES, startStack } from './stack.mjs';
import {
  expectCleanAnswers,
  expectEveryAnsweredTradeStored,
  expectExactlyOnce,
  expectReplayEqualsLive,
  expectSavesSentAgainStoredOnce,
  untilIdentityWritesAnswer,
} from './stack-expectations.mjs';
import { lockJobAttempts } from './stack-isolation.mjs';
import { countByStatus, randomMs, streamTrades, tradeBody } from './trade-stream.mjs';

const databaseUrl = process.env.YOMAN_TEST_DATABASE_URL;
const redisUrl = process.env.YOMAN_TEST_REDIS_URL;
const kafkaBrokers = process.env.YOMAN_TEST_KAFKA_BROKERS;
const onStack = needsInfra('YOMAN_TEST_DATABASE_URL', 'YOMAN_TEST_REDIS_URL', 'YOMAN_TEST_KAFKA_BROKERS');
/** The broker test starts a Kafka node of its own (infra/local/kafka.mjs): it needs a JVM. */
const javaPresent = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** A GET /api/trades query from two days ago to a minute from now. */
const wideRange = () =>
  `startDate=${encodeURIComponent(new Date(Date.now() - 2 * 86_400_000).toISOString())}` +
  `&endDate=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

const fileStarted = Date.now();
const timing = (label, since) =>
  console.log(
    `[stack] ${label}: ${((Date.now() - since) / 1000).toFixed(1)} s (file at ${((Date.now() - fileStarted) / 1000).toFixed(0)} s)`,
  );

/** The gateway's caller header for `caller`, expiring at `exp` (s), signed HMAC-SHA256 with `secret`. */
function callerHeader(caller, exp, secret) {
  const payload = Buffer.from(JSON.stringify({ caller, exp })).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

/**
 * A front end with the dashboard's pages and a stand-in for the drawings module the build bundles
 * (scripts/prerender-pictures.mjs): it writes what the gateway gave it into the copy, so a test reads which
 * answers the gateway's in-process calls got in this mode. Answers the directory to serve.
 */
function frontEndWithDrawnDashboard(root) {
  const web = join(root, 'web');
  const page = (title) =>
    `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
  mkdirSync(join(web, 'pages'), { recursive: true });
  writeFileSync(join(web, 'index.html'), page('shell'));
  writeFileSync(join(web, 'pages', 'home.html'), page('home page'));
  writeFileSync(join(web, 'pages', 'home.drawn.html'), page('drawn home page'));
  writeFileSync(join(web, 'pages.json'), JSON.stringify({ '/home': 'pages/home.html' }));
  mkdirSync(join(root, 'pictures'));
  writeFileSync(
    join(root, 'pictures', 'screens.cjs'),
    `module.exports = {
      paths: ['/home'],
      answerUrlsOf: (path) => (path === '/home' ? ['/api/dashboard-stats'] : []),
      render: (input) => ({
        styles: '',
        body: '<div id="prerendered-screen">' + JSON.stringify({ path: input.path, user: input.user.id,
          zone: input.settings.display.timezone, stats: input.answers['/api/dashboard-stats'] }) + '</div>',
      }),
    };`,
  );
  return web;
}

/** Asks a process's /readyz every 100 ms until `stop()`, which answers the statuses and bodies it got. */
function sampleReadiness(port) {
  const seen = [];
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`, {
          signal: AbortSignal.timeout(2000),
        });
        seen.push({ status: response.status, body: await response.json() });
      } catch (error) {
        seen.push({ status: 0, body: String(error) });
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await loop;
      return seen;
    },
  };
}

/** Prints every process's last log lines when the running test fails. */
const logsOnFailure = (stack) => onTestFailed(() => console.log(stack.logs(40)));

async function registerStudents(stack, count, tag) {
  const people = [];
  for (let index = 0; index < count; index += 1) {
    people.push(await registerPerson(stack.gatewayUrl, { username: `${tag}${index}` }));
  }
  return people;
}

onStack.describe('the distributed stack as OS processes', () => {
  let stack;
  let client;
  let mentor;
  let student;
  const frontEnd = mkdtempSync(join(tmpdir(), 'yoman-stack-front-end-'));

  beforeAll(async () => {
    const started = Date.now();
    stack = await startStack({
      databaseUrl,
      redisUrl,
      kafkaBrokers,
      frontEndDir: frontEndWithDrawnDashboard(frontEnd),
    });
    client = await connectToStack(stack);
    timing('stack up (prepare + 6 processes ready)', started);
  }, 180_000);

  afterAll(async () => {
    const started = Date.now();
    await client?.end();
    await stack?.stop();
    rmSync(frontEnd, { recursive: true, force: true });
    if (stack) timing('stack stopped', started);
  }, 60_000);

  it('every process answers /healthz and /readyz on its own port', async () => {
    logsOnFailure(stack);
    expect([...stack.processes.keys()]).toEqual(STACK_PROCESSES);
    for (const [name, { port, pid }] of stack.processes) {
      expect(pid, name).toBeGreaterThan(0);
      for (const probe of ['/healthz', '/readyz']) {
        const response = await fetch(`http://127.0.0.1:${port}${probe}`);
        expect(response.status, `${name} ${probe}`).toBe(200);
      }
    }
  });

  it('a mentor and a student register and log in; a logged trade shows in the calendar at once', async () => {
    logsOnFailure(stack);
    const started = Date.now();
    mentor = await registerPerson(stack.gatewayUrl, { username: 'mentor' });
    student = await registerPerson(stack.gatewayUrl, { username: 'student' });
    expect(mentor.user.role).toBe('mentor');
    expect(student.user.role).toBe('student');

    const again = browserSession(stack.gatewayUrl);
    expect((await again.call('GET', '/api/user')).status).toBe(401);
    const login = await again.call('POST', '/api/login', {
      email: student.email,
      password: student.password,
    });
    expect(login.status).toBe(200);
    expect((await again.call('GET', '/api/user')).body).toMatchObject({
      id: student.user.id,
      role: 'student',
    });

    const body = tradeBody({ notes: 'read-your-writes', exitAgoMs: 120_000 });
    const calculated = await again.call('POST', '/api/calculate-trade', body);
    expect(calculated.status).toBe(200);
    expect(calculated.body).toMatchObject({ pnlUsd: expect.any(String), rMultiple: expect.any(String) });

    const logged = await again.call('POST', '/api/trades', body);
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ pnlUsd: calculated.body.pnlUsd, isLocked: false });
    // Read-your-writes across processes: the api answered after the projector (another process) applied it.
    const exit = new Date(body.exitTime);
    const month = await again.call(
      'GET',
      `/api/daily-aggregates?year=${exit.getUTCFullYear()}&month=${exit.getUTCMonth() + 1}`,
    );
    expect(month.status).toBe(200);
    expect(month.body.reduce((sum, day) => sum + day.totalTrades, 0)).toBe(1);
    const range = wideRange();
    const trades = await again.call('GET', `/api/trades?${range}`);
    expect(trades.status).toBe(200);
    expect(trades.body.map((trade) => trade.id)).toEqual([logged.body.id]);
    // The mentor's own journal is another person's: empty.
    expect((await mentor.session.call('GET', `/api/trades?${range}`)).body).toEqual([]);
    timing('register, log in, calculate, log and read back', started);
  });

  it("draws a student's page load of / from the answers of the services behind the gateway", async () => {
    logsOnFailure(stack);
    // In this mode /api/dashboard-stats lives in the trade service: the gateway's in-process call goes
    // through its proxy with the caller's cookie, as the browser's own call does.
    const stats = await student.session.call('GET', '/api/dashboard-stats');
    expect(stats.status).toBe(200);
    const page = await student.session.call('GET', '/', undefined, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.body).toContain('<title>drawn home page</title>');
    const drawn = JSON.parse(/<div id="prerendered-screen">(.*?)<\/div>/u.exec(page.body)?.[1] ?? 'null');
    expect(drawn).toEqual({
      path: '/home',
      user: student.user.id,
      zone: expect.any(String),
      stats: stats.body,
    });
    // A mentor's / leads to their own area, which is not drawn.
    const mentorPage = await mentor.session.call('GET', '/', undefined, { headers: { accept: 'text/html' } });
    expect(mentorPage.body).not.toContain('prerendered-screen');
  });

  it('the trade api refuses a forged, expired or missing caller header (401); the gateway replaces a forged one', async () => {
    logsOnFailure(stack);
    const tradeApi = `${stack.urlOf('trade-api')}/api/trades?${wideRange()}`;
    const caller = { userId: student.user.id, sessionId: 'forged', role: 'student', organisationId: null };
    const inAMinute = Math.floor(Date.now() / 1000) + 60;
    const refused = {
      'signed with another key': callerHeader(caller, inAMinute, randomBytes(32).toString('hex')),
      'signed with the key but expired': callerHeader(caller, inAMinute - 120, stack.env.INTERNAL_SECRET),
      'without a signature': callerHeader(caller, inAMinute, stack.env.INTERNAL_SECRET).split('.')[0],
      absent: undefined,
    };
    for (const [what, header] of Object.entries(refused)) {
      const response = await fetch(tradeApi, { headers: header ? { 'x-yoman-caller': header } : {} });
      expect(response.status, what).toBe(401);
    }
    // The same request with a header signed with INTERNAL_SECRET is served: the 401s above are the check's.
    const signed = callerHeader(caller, inAMinute, stack.env.INTERNAL_SECRET);
    expect((await fetch(tradeApi, { headers: { 'x-yoman-caller': signed } })).status).toBe(200);
    // Through the gateway, a forged header naming the mentor is replaced by the gateway's own: the student
    // gets the student's journal, not the mentor's.
    const forgedAsMentor = Buffer.from(
      JSON.stringify({ caller: { userId: mentor.user.id }, exp: Date.now() + 60_000 }),
    ).toString('base64url');
    const through = await student.session.call('GET', `/api/trades?${wideRange()}`, undefined, {
      headers: { 'x-yoman-caller': `${forgedAsMentor}.forged` },
    });
    expect(through.status).toBe(200);
    expect(through.body.map((trade) => trade.notes)).toEqual(['read-your-writes']);
    // And without a session the gateway refuses before the trade service is asked.
    expect((await browserSession(stack.gatewayUrl).call('GET', '/api/trades')).status).toBe(401);
  });

  it('SIGKILLed trade projector: 503s are stored, and after catch-up the read models equal a full replay', async () => {
    logsOnFailure(stack);
    const started = Date.now();
    const students = await registerStudents(stack, 3, 'projector');
    const kills = [];
    const outcomes = await streamTrades(students, {
      fault: async () => {
        for (let round = 0; round < 2; round += 1) {
          await sleep(randomMs(500, 2500));
          const down = Date.now();
          await stack.kill('trade-projector', 'SIGKILL');
          await sleep(randomMs(500, 2000));
          await stack.start('trade-projector');
          kills.push(`down ${((Date.now() - down) / 1000).toFixed(1)} s`);
        }
      },
    });
    const counts = countByStatus(outcomes);
    console.log(`[stack] projector kills: ${kills.join(', ')}; answers ${JSON.stringify(counts)}`);
    expectCleanAnswers(outcomes);
    expect(counts[201]).toBeGreaterThan(0);
    const caughtUp = await waitForCatchUp(client);
    timing(`stream with projector kills + catch-up (${JSON.stringify(caughtUp)})`, started);
    await expectEveryAnsweredTradeStored(client, outcomes);
    await expectExactlyOnce(client);
    timing('rebuild from the events table, compared', await expectReplayEqualsLive(stack, client));
    // A student who tries a failed save again (the dialog resends it with its key) gets it, never twice.
    const sentAgain = await expectSavesSentAgainStoredOnce(client, outcomes);
    console.log(`[stack] ${sentAgain} saves not answered 201 sent again: each one trade`);
    await expectExactlyOnce(client);
  }, 150_000);

  it('SIGKILLed trade worker: a lock job due while no worker runs locks the trade once another worker starts', async () => {
    logsOnFailure(stack);
    const started = Date.now();
    const [locker] = await registerStudents(stack, 1, 'locker');
    await stack.kill('trade-worker', 'SIGKILL');
    // Ended 24 h ago less 8 s: the default 24 h lock window closes 8 s from now, so the lock job must run.
    const body = tradeBody({ notes: 'lock-after-worker-crash', exitAgoMs: 86_400_000 - 8_000 });
    const logged = await locker.session.call('POST', '/api/trades', body);
    expect(logged.status).toBe(201);
    expect(logged.body.isLocked).toBe(false);
    const lockAt = Date.parse(logged.body.lockAt);
    await sleep(Math.max(0, lockAt - Date.now()) + 1500);
    const isLocked = async () => {
      const list = await locker.session.call('GET', `/api/trades?${wideRange()}`);
      return list.body.find((trade) => trade.id === logged.body.id)?.isLocked;
    };
    // Past its lock time with no trade worker alive, nothing has locked it.
    expect(await isLocked()).toBe(false);
    await stack.start('trade-worker');
    // The due job is the new worker's at once: no attempt may have failed and waited for a retry (30 s).
    const deadline = Date.now() + 10_000;
    while (!(await isLocked())) {
      if (Date.now() > deadline) {
        const attempts = await lockJobAttempts(stack.env.REDIS_URL, logged.body.id);
        throw new Error(
          `the trade was not locked 10 s after a worker started; its job: ${JSON.stringify(attempts)}`,
        );
      }
      await sleep(250);
    }
    expect((await eventCounts(client))['trade.locked.v1']).toBe(1);
    // The job completes just after its event is applied (its command waits for the projector).
    let job = await lockJobAttempts(stack.env.REDIS_URL, logged.body.id);
    for (let tries = 0; tries < 20 && !job.every((copy) => copy.finished); tries += 1) {
      await sleep(250);
      job = await lockJobAttempts(stack.env.REDIS_URL, logged.body.id);
    }
    expect(job).toEqual([expect.objectContaining({ failedReason: null, finished: true })]);
    timing('worker killed, lock job run by the restarted worker', started);
  }, 90_000);
});

(javaPresent ? onStack.describe : describe.skip)('a Kafka broker restarted mid-stream', () => {
  let kafka;
  let stack;
  let client;

  beforeAll(async () => {
    const started = Date.now();
    kafka = await startKafka();
    timing('private Kafka node up', started);
    stack = await startStack({
      databaseUrl,
      redisUrl,
      kafkaBrokers: kafka.brokers,
      processes: STACK_PROCESSES.filter((name) => name !== 'trade-worker'),
    });
    client = await connectToStack(stack);
    timing('stack on the private broker up', started);
  }, 180_000);

  afterAll(async () => {
    const started = Date.now();
    await client?.end();
    await stack?.stop();
    await kafka?.stop();
    timing('stack and private Kafka stopped', started);
  }, 90_000);

  it('loses no event and applies none twice', async () => {
    logsOnFailure(stack);
    const started = Date.now();
    await registerPerson(stack.gatewayUrl, { username: 'mentor' });
    const students = await registerStudents(stack, 3, 'broker');
    let downFor = 0;
    let backAt = 0;
    const outcomes = await streamTrades(students, {
      fault: async () => {
        await sleep(randomMs(1000, 3000));
        const down = Date.now();
        await kafka.restart({ downMs: randomMs(1000, 3000) });
        backAt = Date.now();
        downFor = backAt - down;
      },
      tailMs: 3000,
    });
    const counts = countByStatus(outcomes);
    console.log(`[stack] broker down ${(downFor / 1000).toFixed(1)} s; answers ${JSON.stringify(counts)}`);
    expectCleanAnswers(outcomes);
    const caughtUp = await waitForCatchUp(client, { timeoutMs: 90_000 });
    timing(`stream with a broker restart + catch-up (${JSON.stringify(caughtUp)})`, started);
    await expectEveryAnsweredTradeStored(client, outcomes);
    const ledger = await expectExactlyOnce(client);
    // Each stored trade is one of the stream's POSTs: none appeared twice or from nowhere.
    const markers = new Set(outcomes.map((outcome) => outcome.marker));
    const { rows } = await client.query('select notes from trades');
    expect(rows.filter((row) => !markers.has(row.notes))).toEqual([]);
    expect(new Set(rows.map((row) => row.notes)).size).toBe(ledger.counts.logged);
    // Kafka holds every trade event at least once; a copy published twice across the restart is skipped
    // by the projectors' checkpoints (the rows above prove it).
    const published = await messagesInTopic(kafka.brokers, `${stack.prefix}trade`);
    console.log(`[stack] trade topic: ${published} messages for ${ledger.counts.tradeEvents} trade events`);
    expect(published).toBeGreaterThanOrEqual(ledger.counts.tradeEvents);
    timing('rebuild from the events table, compared', await expectReplayEqualsLive(stack, client));
    // Writes answer at once again (the next test registers people first): the consumers are back in their groups.
    const answeredAfter = await untilIdentityWritesAnswer(students[0], backAt);
    console.log(
      `[stack] identity writes answered again ${(answeredAfter / 1000).toFixed(1)} s after the broker was back`,
    );
    expect(answeredAfter).toBeLessThan(20_000);
  }, 180_000);

  it('catches up after the broker was away for longer than the Kafka clients retry', async () => {
    logsOnFailure(stack);
    const started = Date.now();
    const students = await registerStudents(stack, 2, 'away');
    const readiness = sampleReadiness(stack.processes.get('trade-projector').port);
    // Longer than the clients' retries (5 from 200 ms, doubling): whatever kafkajs gives up on meanwhile, the
    // read models catch up once the broker is back (a consumer kafkajs does not restart, the bus starts again:
    // kafka-event-bus.ts, kafka-consumer-restart.test.ts).
    // Someone signs up while the broker is away: the account is stored, the answer waits for the read models.
    const signUp = { username: 'awaysignup', key: randomBytes(16).toString('hex') };
    let duringOutage;
    const outcomes = await streamTrades(students, {
      fault: async () => {
        await sleep(1000);
        const restarting = kafka.restart({ downMs: 15_000 });
        await sleep(2000);
        duringOutage = await sendRegistration(stack.gatewayUrl, signUp);
        await restarting;
      },
      tailMs: 3000,
    });
    expectCleanAnswers(outcomes);
    const caughtUp = await waitForCatchUp(client, { timeoutMs: 90_000 });
    timing(`stream with the broker away 15 s + catch-up (${JSON.stringify(caughtUp)})`, started);
    // The projector said it was out of its group while it was (its consumer gave up, then joined again).
    const seen = await readiness.stop();
    const group = `${stack.prefix}projector.trade`;
    expect(seen).toContainEqual({ status: 503, body: { status: 'unavailable', joining: [group] } });
    expect(seen.at(-1)).toEqual({ status: 200, body: { status: 'ready' } });
    await expectEveryAnsweredTradeStored(client, outcomes);
    await expectExactlyOnce(client);
    const sentAgain = await expectSavesSentAgainStoredOnce(client, outcomes);
    console.log(
      `[stack] ${sentAgain} saves not answered 201 sent again after the broker's return: each one trade`,
    );
    expect(sentAgain).toBeGreaterThan(0);
    await expectExactlyOnce(client);
    // The sign-up sent again, as the form does with its key: signed in to the account, not "name taken".
    console.log(`[stack] a sign-up while the broker was away answered ${duringOutage.status}`);
    expect(duringOutage.status).toBe(503);
    const again = await sendRegistration(stack.gatewayUrl, signUp);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await again.session.call('GET', '/api/user')).body).toMatchObject({ username: signUp.username });
    const { rows } = await client.query('select count(*)::int as n from users where username = $1', [
      signUp.username,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  }, 180_000);
});
