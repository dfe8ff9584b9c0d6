import { declaredRoutes, type RouteAccess } from '@yoman/contracts';
import { createTestApp, createTestClock, type TestApp } from '@yoman/platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolDemoStudent } from './cli/demo/demo-people';
import { registerAccount } from './identity';
import { testSessionPlugin } from './identity/testing/identity-test-app';
import { TINY_PNG } from './identity/uploads/sample-images';
import { modulesOf } from './registry';
import { TRADE_ACROSS_MIDNIGHT } from './test-support/trade-across-midnight';

// Every operation the gateway serves, read from its own OpenAPI document, tried by five callers: nobody, a
// student who owns the resources in the path, another student, their mentor, and a mentor of another
// organisation. What each may get follows from the route's declared access alone, so a new route is covered
// here without a new line.

type Actor = 'anonymous' | 'owner' | 'otherStudent' | 'ownMentor' | 'otherMentor';
const ACTORS: readonly Actor[] = ['anonymous', 'owner', 'otherStudent', 'ownMentor', 'otherMentor'];
const PASSWORD = 'matrix-password-2026';
const NOBODYS = '0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f';

/** What the owner made, named in paths and looked for in others' answers. */
interface OwnedByOwner {
  tradeId: string;
  screenshotId: string;
  deviceId: string;
  fileName: string;
  setupId: string;
}

/** A library setup's form, valid for creating and editing. */
const SETUP_FORM = {
  name: 'פריצת טווח',
  smcContext: 'נזילות',
  description: 'פריצה',
  entryRules: 'כניסה',
  exitRules: 'יציאה',
  checklist: ['טווח ברור'],
};

let harness: TestApp;
const cookies = new Map<Actor, string>();
let owned: OwnedByOwner;

async function logIn(email: string): Promise<string> {
  const answer = await harness.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const cookie = answer.cookies.find((candidate) => candidate.name === 'yoman_session');
  return `yoman_session=${encodeURIComponent(cookie?.value ?? '')}`;
}

async function enrolActors() {
  const { platform } = harness;
  const mentor = (n: number, organisationName: string) =>
    registerAccount(
      platform,
      {
        email: `mentor${n}@matrix.example`,
        username: `mentor${n}`,
        displayName: `מנטור ${n}`,
        password: PASSWORD,
      },
      { kind: 'mentor', organisationId: null, organisationName },
    );
  const own = await mentor(1, 'הבית');
  await mentor(2, 'השכנים');
  for (const [n, id] of [
    [1, 'a1b2c3d4-0000-4000-8000-000000000001'],
    [2, 'a1b2c3d4-0000-4000-8000-000000000002'],
  ] as const) {
    const person = {
      email: `student${n}@matrix.example`,
      username: `student${n}`,
      displayName: `תלמיד ${n}`,
    };
    await enrolDemoStudent(platform, person, PASSWORD, own.organisationId ?? '', id);
  }
  cookies.set('ownMentor', await logIn('mentor1@matrix.example'));
  cookies.set('otherMentor', await logIn('mentor2@matrix.example'));
  cookies.set('owner', await logIn('student1@matrix.example'));
  cookies.set('otherStudent', await logIn('student2@matrix.example'));
}

async function makeOwnersThings(): Promise<OwnedByOwner> {
  const headers = { cookie: cookies.get('owner') ?? '' };
  const link = await harness.app.inject({ method: 'POST', url: '/api/screenshots/upload-url', headers });
  const screenshotUrl = link.json().screenshotUrl as string;
  const uploaded = await harness.app.inject({
    method: 'PUT',
    url: screenshotUrl,
    payload: TINY_PNG,
    headers: { ...headers, 'content-type': 'image/png' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const setup = await harness.app.inject({
    method: 'POST',
    url: '/api/setups',
    payload: SETUP_FORM,
    headers,
  });
  expect(setup.statusCode, setup.body).toBe(201);
  const logged = await harness.app.inject({
    method: 'POST',
    url: '/api/trades',
    payload: { ...TRADE_ACROSS_MIDNIGHT, screenshotUrl, setupId: setup.json().id },
    headers,
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const named = await harness.app.inject({ url: '/api/setups', headers });
  expect(named.json()).toEqual([expect.objectContaining({ id: setup.json().id, sampleSize: 1 })]);
  const avatarLink = await harness.app.inject({ method: 'POST', url: '/api/profile/upload-url', headers });
  const avatar = await harness.app.inject({
    method: 'PUT',
    url: avatarLink.json().uploadURL,
    payload: TINY_PNG,
    headers: { 'content-type': 'image/png' },
  });
  const settings = await harness.app.inject({ url: '/api/user-settings', headers });
  return {
    tradeId: logged.json().id,
    screenshotId: screenshotUrl.split('/').at(-1) ?? '',
    deviceId: settings.json().security.connectedDevices[0].id,
    fileName: String(avatar.json().imageURL).split('/').at(-1) ?? '',
    setupId: setup.json().id,
  };
}

beforeAll(async () => {
  const clock = createTestClock('2026-01-06T12:00:00Z');
  harness = await createTestApp({ modules: modulesOf(), plugins: [testSessionPlugin()], clock });
  await enrolActors();
  owned = await makeOwnersThings();
}, 120_000);
afterAll(() => harness.close());

/** A path with the owner's resources in it (or an id nobody has where the owner has none of that kind). */
function ownersPath(path: string): string {
  return path
    .replace('/api/trades/{id}', `/api/trades/${owned.tradeId}`)
    .replace('/api/screenshots/{id}', `/api/screenshots/${owned.screenshotId}`)
    .replace('/api/auth/devices/{id}', `/api/auth/devices/${owned.deviceId}`)
    .replace('/api/setups/{id}', `/api/setups/${owned.setupId}`)
    .replace('{name}', owned.fileName)
    .replace('{date}', '2026-01-06')
    .replace(/\{\w+\}/g, NOBODYS);
}

/** Bodies a route accepts, so a refusal is the access rule's and not the body's. */
function bodyOf(method: string, path: string): unknown {
  if (path === '/api/trades' || path === '/api/trades/{id}') return TRADE_ACROSS_MIDNIGHT;
  if (path === '/api/calculate-trade') return TRADE_ACROSS_MIDNIGHT;
  if (path === '/api/setups' || path === '/api/setups/{id}') return SETUP_FORM;
  if (path === '/api/user-settings') {
    return {
      sharing: {
        blurAmounts: false,
        shareWinRate: false,
        shareRMultiple: false,
        shareScreenshots: false,
        shareSetups: false,
      },
    };
  }
  if (path === '/api/profile/image') return { imageURL: `/api/uploads/files/${owned.fileName}` };
  return method === 'GET' || method === 'DELETE' ? undefined : {};
}

/** The one exception to "nobody else touches the owner's things": their mentor sees their trade's screenshot. */
const MENTOR_SEES = new Set(['GET /api/screenshots/{id}']);

/** Whether an actor may be answered 2xx on a route, from its declared access and whose resources its path names. */
function mayGet2xx(access: RouteAccess, call: string, actor: Actor): boolean {
  if (access === 'public' || access === 'capability') return true;
  if (actor === 'anonymous') return false;
  if (access === 'mentor') return actor === 'ownMentor' || actor === 'otherMentor';
  if (!call.includes('{id}')) return true;
  return actor === 'owner' || (actor === 'ownMentor' && MENTOR_SEES.has(call));
}

interface Operation {
  method: string;
  path: string;
  access: RouteAccess;
}

async function servedOperations(): Promise<Operation[]> {
  const document = (await harness.app.inject({ url: '/api/openapi.json' })).json();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
    for (const method of Object.keys(methods)) {
      const declared = declaredRoutes.find(
        (route) => route.path === path && route.method === method.toUpperCase(),
      );
      expect(declared, `${method.toUpperCase()} ${path} has no declared access rule`).toBeDefined();
      if (declared) operations.push({ method: declared.method, path, access: declared.access });
    }
  }
  // Signing out ends the caller's session: it goes last, so it cannot hide a refusal behind a 401.
  return operations.sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));
}

describe('the access matrix', () => {
  it('declares an access rule for every operation of the OpenAPI document', async () => {
    const operations = await servedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(17);
  });

  it('answers nobody a 2xx their access does not allow, nor shows anyone the owner’s things', async () => {
    const unexpected: string[] = [];
    let requests = 0;
    for (const operation of await servedOperations()) {
      const call = `${operation.method} ${operation.path}`;
      for (const actor of ACTORS) {
        // The owner deleting their own things or signing out would leave nothing for the others to try.
        if (actor === 'owner' && (operation.method === 'DELETE' || operation.path === '/api/logout'))
          continue;
        const cookie = cookies.get(actor);
        const payload = bodyOf(operation.method, operation.path);
        const answer: LightMyRequestResponse = await harness.app.inject({
          method: operation.method as 'GET',
          url: ownersPath(operation.path),
          headers: cookie ? { cookie } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        requests += 1;
        expect(answer.statusCode, `${actor} ${call}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        const personal = operation.access === 'signed-in' || operation.access === 'mentor';
        if ((personal || answer.headers['set-cookie']) && answer.headers['cache-control'] !== 'no-store')
          unexpected.push(`${actor} ${call} → ${answer.statusCode} without Cache-Control: no-store`);
        const ok = answer.statusCode >= 200 && answer.statusCode < 300;
        if (ok && !mayGet2xx(operation.access, call, actor))
          unexpected.push(`${actor} ${call} → ${answer.statusCode}`);
        if (operation.access === 'mentor' && actor === 'otherStudent') {
          expect(answer.statusCode, `${actor} ${call}`).toBe(403);
        }
        const seesOwners =
          actor !== 'owner' && (answer.body.includes(owned.tradeId) || answer.body.includes(owned.setupId));
        if (seesOwners && operation.method === 'GET')
          unexpected.push(`${actor} ${call} shows the owner’s trade or setup`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(85);
  }, 120_000);

  it('answers a sign-in, which sets the session cookie, with Cache-Control: no-store', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'student2@matrix.example', password: PASSWORD },
    });
    expect(answer.headers['set-cookie']).toBeDefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('lets the owner reach their own things, so the refusals above are the rule’s and not a broken fixture', async () => {
    const headers = { cookie: cookies.get('owner') ?? '' };
    const reach = async (url: string) => (await harness.app.inject({ url, headers })).statusCode;
    expect(await reach(`/api/screenshots/${owned.screenshotId}`)).toBe(200);
    expect(await reach('/api/daily-aggregates/2026-01-06')).toBe(200);
    const setups = await harness.app.inject({ url: '/api/setups', headers });
    // The matrix made the owner another setup, and its edit of the trade named none.
    expect(setups.json().map((setup: { id: string }) => setup.id)).toContain(owned.setupId);
    const trades = await harness.app.inject({ url: '/api/trades', headers });
    expect(trades.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: owned.tradeId })]));
    const mentorSees = await harness.app.inject({
      url: `/api/screenshots/${owned.screenshotId}`,
      // The matrix signed the mentor out last; a new session it is.
      headers: { cookie: await logIn('mentor1@matrix.example') },
    });
    expect(mentorSees.statusCode).toBe(200);
  });
});
