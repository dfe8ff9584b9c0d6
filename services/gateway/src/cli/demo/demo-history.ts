import type { Clock, Platform } from '@yoman/platform';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../identity';
import { TINY_PNG } from '../../identity/uploads/sample-images';
import type { DemoPerson } from './demo-people';
import { createDemoSetups } from './demo-setups';
import type { PlannedTrade } from './demo-trade-plan';

/** The clock the demo moves through its six months, so every event carries the time it "happened". */
export interface DemoClock extends Clock {
  set(time: Date): void;
}

export function movableClock(start: Date): DemoClock {
  let current = new Date(start);
  return { now: () => new Date(current), set: (time) => (current = new Date(time)) };
}

export interface HistoryCounts {
  logged: number;
  edited: number;
  withScreenshot: number;
  locksRun: number;
  setups: number;
  /** Trades that name one of their student's library setups. */
  withLibrarySetup: number;
}

// Sessions live 7 idle days at most; the demo signs in again well before.
const SESSION_REFRESH_MS = 5 * 24 * 3_600_000;

const JOB_RUN_INTERVAL_MS = 3_600_000;

type Action = { at: Date; trade: PlannedTrade; kind: 'log' | 'edit' };

/**
 * Replays the planned trades in time order through the real API (login cookie, screenshot upload,
 * POST and PUT /api/trades) with the clock set to each moment, running the lock jobs due on the way.
 */
export async function playDemoHistory(
  app: FastifyInstance,
  platform: Platform,
  clock: DemoClock,
  students: readonly DemoPerson[],
  password: string,
  trades: readonly PlannedTrade[],
  end: Date,
): Promise<HistoryCounts> {
  const sessions = new Map<number, { cookie: string; since: number }>();
  const tradeIds = new Map<PlannedTrade, string>();
  const counts: HistoryCounts = {
    logged: 0,
    edited: 0,
    withScreenshot: 0,
    locksRun: 0,
    setups: 0,
    withLibrarySetup: 0,
  };

  const cookieOf = async (student: number) => {
    const now = clock.now().getTime();
    const current = sessions.get(student);
    if (current && now - current.since < SESSION_REFRESH_MS) return current.cookie;
    const person = students[student] as DemoPerson;
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: current ? { cookie: current.cookie } : {},
      payload: { email: person.email, password, rememberMe: true },
    });
    const cookie = sessionCookieOf(response.headers['set-cookie']);
    if (response.statusCode !== 200 || !cookie) throw failure('login', person.email, response);
    sessions.set(student, { cookie, since: now });
    return cookie;
  };

  const actions: Action[] = trades.flatMap((trade) => [
    { at: trade.loggedAt, trade, kind: 'log' as const },
    ...(trade.edit ? [{ at: trade.edit.at, trade, kind: 'edit' as const }] : []),
  ]);
  actions.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Each student writes down their setups when the account opens, and names them on their trades.
  const libraries = new Map<number, Map<string, string>>();
  for (const student of students.keys()) {
    const library = await createDemoSetups(app, await cookieOf(student), student);
    libraries.set(student, library);
    counts.setups += library.size;
  }
  const setupIdOf = (trade: PlannedTrade) =>
    libraries.get(trade.student)?.get(String(trade.body.setup)) ?? null;

  let jobsRunAt = 0;
  for (const { at, trade, kind } of actions) {
    clock.set(at);
    // The job poll of a running server looks every few seconds; once per demo hour is close enough here.
    if (at.getTime() - jobsRunAt >= JOB_RUN_INTERVAL_MS) {
      counts.locksRun += await platform.jobs.runDueJobs(at);
      jobsRunAt = at.getTime();
    }
    const cookie = await cookieOf(trade.student);
    if (kind === 'log') {
      const screenshotUrl = trade.withScreenshot ? await uploadScreenshot(app, cookie) : null;
      const response = await app.inject({
        method: 'POST',
        url: '/api/trades',
        headers: { cookie },
        payload: {
          ...trade.body,
          setupId: setupIdOf(trade),
          screenshotUrl,
          hasScreenshot: screenshotUrl !== null,
        },
      });
      if (response.statusCode !== 201) throw failure('POST /api/trades', trade.body.symbol, response);
      tradeIds.set(trade, (response.json() as { id: string }).id);
      counts.logged += 1;
      if (screenshotUrl) counts.withScreenshot += 1;
      if (setupIdOf(trade)) counts.withLibrarySetup += 1;
    } else if (trade.edit) {
      const id = tradeIds.get(trade) as string;
      const response = await app.inject({
        method: 'PUT',
        url: `/api/trades/${id}`,
        headers: { cookie },
        payload: { ...trade.edit.body, setupId: setupIdOf(trade) },
      });
      if (response.statusCode !== 200) throw failure('PUT /api/trades', id, response);
      counts.edited += 1;
    }
  }
  clock.set(end);
  counts.locksRun += await platform.jobs.runDueJobs(end);
  return counts;
}

/** The session cookie as the browser sends it back (still URL-encoded, as it was set). */
function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}

/** Asks for an upload link and uploads a small PNG there, as the add-trade dialog's drop zone does. */
async function uploadScreenshot(app: FastifyInstance, cookie: string): Promise<string> {
  const link = await app.inject({ method: 'POST', url: '/api/screenshots/upload-url', headers: { cookie } });
  if (link.statusCode !== 200) throw failure('screenshot link', '', link);
  const { uploadURL, screenshotUrl } = link.json() as { uploadURL: string; screenshotUrl: string };
  const upload = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { cookie, 'content-type': 'image/png' },
    payload: TINY_PNG,
  });
  if (upload.statusCode !== 200) throw failure('screenshot upload', uploadURL, upload);
  return screenshotUrl;
}

function failure(step: string, subject: string, response: { statusCode: number; body: string }) {
  return new Error(`demo: ${step} ${subject} answered ${response.statusCode}: ${response.body}`);
}
