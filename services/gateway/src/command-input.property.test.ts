// What the event store accepts, every projection applies (issue 13). Every JSON call the registry's modules
// declare is driven with requests generated over its contract's whole input space (hostile-input.ts), as a
// student and as a mentor, through the event store and every projection of every module. For each request:
// no 5xx; a 4xx appends nothing; after a 2xx every new event reads back with the schema its service declares,
// every projection has applied it and none skipped it. A new command or projection is covered with no new line.

import type { ApiRoute, FileRoute } from '@yoman/contracts';
import { listProjectionFailures } from '@yoman/platform';
import { createTestApp, createTestClock } from '@yoman/platform/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { logIn, signUp, testSessionPlugin } from './identity/testing/identity-test-app';
import { modulesOf, SERVICES } from './registry';
import { type HostileContext, hostileQueryOf, hostileValueOf } from './test-support/hostile-input';
import { TRADE_ACROSS_MIDNIGHT } from './test-support/trade-across-midnight';

// Calls that may append get more cases than reads: they are what can put an event in the store.
const RUNS_PER_COMMAND = Number(process.env.YOMAN_PROPERTY_RUNS ?? 40);
const RUNS_PER_READ = Math.ceil(RUNS_PER_COMMAND / 3);
const NOW = '2026-03-10T12:00:00.000Z';
const FUZZER_ADDRESS = '203.0.113.7';

const clock = createTestClock();
const modules = modulesOf();
const projections = modules.flatMap((module) => module.projections ?? []);
const eventSchemas = new Map(
  SERVICES.flatMap((service) => Object.entries(service.events as Record<string, z.ZodType>)),
);
/** Every JSON call the modules serve, with its schemas from the contracts' route table. */
const calls = modules
  .flatMap((module) => (module.declaredRoutes ?? []) as readonly (ApiRoute | FileRoute)[])
  .filter((route): route is ApiRoute => 'response' in route);

let harness: Awaited<ReturnType<typeof createTestApp>>;
const cookies: Record<'mentor' | 'student', string> = { mentor: '', student: '' };
const knownIds = new Set<string>();
const context: HostileContext = { now: () => clock.now(), knownIds: () => [...knownIds] };
const outcomes = { refused: 0, accepted: 0, appended: 0 };
/** Events appended, by type: the run must have put each command's events through the projections. */
const appendedTypes = new Set<string>();

beforeAll(async () => {
  harness = await createTestApp({ modules, plugins: [testSessionPlugin()], clock });
  clock.set(NOW);
  cookies.mentor = (await signUp(harness.app, 1)).cookie;
  cookies.student = (await signUp(harness.app, 2)).cookie;
});
afterAll(() => harness.close());

const head = () => harness.platform.eventStore.headPosition();

/** Signs a caller in again when a generated call (logout, disconnecting a device) ended their session. */
async function keepSignedIn(who: 'mentor' | 'student') {
  const me = await harness.app.inject({ url: '/api/user', headers: { cookie: cookies[who] } });
  if (me.statusCode === 401) cookies[who] = await logIn(harness.app, who === 'mentor' ? 1 : 2);
}

/** Ids the answer names (a trade's, a device's), for later calls' paths. */
function learnIds(body: unknown) {
  if (Array.isArray(body)) for (const item of body.slice(0, 5)) learnIds(item);
  else if (typeof body === 'object' && body !== null) {
    const { id } = body as { id?: unknown };
    if (typeof id === 'string') knownIds.add(id);
  }
}

/** After a 2xx: the new events read back with their declared schemas, and every projection applied them. */
async function expectAppliedEverywhere(from: number, to: number, sent: string) {
  const events = await harness.platform.eventStore.readAll({ after: from, upTo: to });
  for (const event of events) {
    appendedTypes.add(event.type);
    const schema = eventSchemas.get(event.type);
    expect(schema, `${event.type} is declared by a service of the registry`).toBeDefined();
    expect(schema?.safeParse(event.data).success, `${event.type} reads back (${sent})`).toBe(true);
  }
  await harness.platform.projections.catchUp();
  const checkpoints = await harness.platform.db('projection_checkpoints').whereIn(
    'name',
    projections.map((projection) => projection.name),
  );
  for (const checkpoint of checkpoints)
    expect(Number(checkpoint.position), checkpoint.name).toBeGreaterThanOrEqual(to);
  expect(await listProjectionFailures(harness.platform.db), sent).toEqual([]);
}

function requestOf(route: ApiRoute) {
  const params = route.params ? hostileValueOf(route.params, context) : fc.constant({});
  const query = hostileQueryOf(route.query, context);
  const body = route.body ? hostileValueOf(route.body, context) : fc.constant(undefined);
  return fc.record({ params, query, body, who: fc.constantFrom('student' as const, 'mentor' as const) });
}

describe('every command over its contract’s input space: a 4xx appends nothing, a 2xx reaches every projection', () => {
  it('discovers the calls and projections from the registry', () => {
    expect(calls.length).toBeGreaterThanOrEqual(15);
    expect(projections.map((projection) => projection.name)).toEqual(
      expect.arrayContaining(['trades', 'daily_aggregates', 'identity-users']),
    );
  });

  it.each(calls.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestOf(route), async ({ params, query, body, who }) => {
          await keepSignedIn(who);
          const path = pathOf(route.path, params);
          const url = query ? `${path}?${query}` : path;
          const sent = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 300) ?? ''}`;
          const before = await head();
          const response = await harness.app.inject({
            method: route.method,
            url,
            // Not the address the callers sign in again from: the fuzzed logins' failures throttle their own.
            remoteAddress: FUZZER_ADDRESS,
            headers: { cookie: cookies[who] },
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: jsonHeaders(cookies[who]) }),
          });
          expect(response.statusCode, `${sent} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
          const after = await head();
          if (response.statusCode >= 400) {
            outcomes.refused += 1;
            expect(after, `${sent} was refused but appended`).toBe(before);
            return;
          }
          outcomes.accepted += 1;
          outcomes.appended += after - before;
          learnIds(response.json());
          await expectAppliedEverywhere(before, after, sent);
        }),
        { numRuns: route.method === 'GET' ? RUNS_PER_READ : RUNS_PER_COMMAND },
      );
    },
    120_000,
  );

  it('the jobs the accepted commands left (trade locks) run and every projection applies their events', async () => {
    const before = await head();
    clock.set('2026-03-20T12:00:00.000Z');
    await harness.platform.jobs.runDueJobs(clock.now());
    await expectAppliedEverywhere(before, await head(), 'due jobs');
  });

  it('rebuilding every projection from all that was accepted skips nothing', async () => {
    expect(outcomes.refused).toBeGreaterThan(0);
    // Both services that keep read models must have had commands accepted. The generated calls do that in
    // nearly every run, but a trade is accepted only about one time in eight, so now and then (about one run in
    // two hundred) chance accepted none: one valid call of the missing kind is made here, and checked the same way.
    await acceptAtLeastOnce('trade.logged.v1', {
      method: 'POST',
      url: '/api/trades',
      payload: TRADE_ACROSS_MIDNIGHT,
    });
    await acceptAtLeastOnce('identity.settings-changed.v1', {
      method: 'PUT',
      url: '/api/user-settings',
      payload: {
        display: { currency: 'USD', timezone: 'Europe/London', numberFormat: 'period', rtlLayout: false },
      },
    });
    expect([...appendedTypes], 'event types appended').toEqual(
      expect.arrayContaining(['trade.logged.v1', 'identity.settings-changed.v1']),
    );
    const reports = await harness.running.projections.replay();
    expect(reports.map((report) => report.projection).sort()).toEqual(projections.map((p) => p.name).sort());
    for (const report of reports) expect(report, report.projection).toMatchObject({ failures: 0 });
  });
});

/** Makes one valid call as the student (one that changes something) when no generated call appended an event of `type`. */
async function acceptAtLeastOnce(
  type: string,
  call: { method: 'POST' | 'PUT'; url: string; payload: object },
) {
  if (appendedTypes.has(type)) return;
  await keepSignedIn('student');
  const before = await head();
  const response = await harness.app.inject({ ...call, headers: { cookie: cookies.student } });
  expect(response.statusCode, `${call.method} ${call.url} → ${response.body.slice(0, 300)}`).toBeLessThan(
    300,
  );
  await expectAppliedEverywhere(before, await head(), `${call.method} ${call.url} (a valid call)`);
}

/** The path with its generated parameters, percent-encoded; a lone surrogate goes as the invalid UTF-8 it is. */
function pathOf(template: string, params: unknown): string {
  const values = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    return [...text].map(encodeCodePoint).join('');
  });
}

function encodeCodePoint(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%ED%A0%80';
  }
}

const jsonHeaders = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
