// Issue 13, rows 2, 3, 3b and 4: dates and texts no projection or database could take are refused with a 400
// naming the field, before any lookup, and nothing is appended.

import { encodeTradesCursor } from '@yoman/contracts';
import { createTestApp, createTestClock } from '@yoman/platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, testSessionPlugin } from './identity/testing/identity-test-app';
import { modulesOf } from './registry';

const clock = createTestClock();
let harness: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let tradeId: string;

const trade = {
  symbol: 'EURUSD',
  assetType: 'forex',
  direction: 'long',
  entryPrice: '1.1000',
  exitPrice: '1.1050',
  stopPrice: '1.0950',
  positionSize: '1',
  session: 'london',
  setup: 'breakout',
  entryTime: '2026-03-10T08:00:00.000Z',
  exitTime: '2026-03-10T10:00:00.000Z',
};

beforeAll(async () => {
  harness = await createTestApp({ modules: modulesOf(), plugins: [testSessionPlugin()], clock });
  clock.set('2026-03-10T12:00:00Z');
  cookie = (await signUp(harness.app, 1)).cookie;
  const logged = await send('POST', '/api/trades', trade);
  expect(logged.statusCode, logged.body).toBe(201);
  tradeId = logged.json().id;
});
afterAll(() => harness.close());

let eventsBefore: number;
beforeEach(async () => {
  eventsBefore = await eventCount();
});

async function eventCount(): Promise<number> {
  const row = await harness.platform.db('events').count({ count: '*' }).first();
  return Number(row?.count);
}

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return harness.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}

/** A 400 in the app's shape whose issues name `path`, with a Hebrew message, and nothing appended. */
async function expectFieldRefused(
  response: LightMyRequestResponse,
  path: (string | number)[],
  code?: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as {
    code: string;
    message: string;
    issues: { path: unknown[]; message: string }[];
  };
  if (code) expect(body.code).toBe(code);
  const issue = body.issues.find((candidate) => JSON.stringify(candidate.path) === JSON.stringify(path));
  expect(issue, `${JSON.stringify(body.issues)} names ${path.join('.')}`).toBeDefined();
  expect(issue?.message).toMatch(/[\u0590-\u05FF]/);
  expect(await eventCount()).toBe(eventsBefore);
}

describe('row 2: a trade time no calendar can hold is refused, nothing appended', () => {
  it.each([
    ['entryTime', '0000-01-01T00:00:00Z'],
    ['entryTime', '1969-12-31T23:59:59Z'],
    ['entryTime', '2026-03-10T08:00:00+16:00'],
  ])('POST /api/trades with %s %s → 400 naming it', async (field, value) => {
    await expectFieldRefused(await send('POST', '/api/trades', { ...trade, [field]: value }), [field]);
  });

  it('PUT /api/trades/{id} with entryTime 0000-01-01 → 400 naming it', async () => {
    const response = await send('PUT', `/api/trades/${tradeId}`, {
      ...trade,
      entryTime: '0000-01-01T00:00:00Z',
    });
    await expectFieldRefused(response, ['entryTime']);
  });
});

describe('row 3: an exit in the future is EXIT_IN_FUTURE before any rate is looked up', () => {
  it.each(['9999-12-31T23:59:59Z', '2026-03-11T00:00:00Z'])(
    'POST /api/trades with exitTime %s → 400 EXIT_IN_FUTURE',
    async (exitTime) => {
      const response = await send('POST', '/api/trades', { ...trade, exitTime });
      await expectFieldRefused(response, ['exitTime'], 'EXIT_IN_FUTURE');
    },
  );

  it('POST /api/trades with an exit past year 9999 in UTC → 400 naming it', async () => {
    const response = await send('POST', '/api/trades', { ...trade, exitTime: '9999-12-31T23:59:59-15:59' });
    await expectFieldRefused(response, ['exitTime']);
  });

  it('PUT /api/trades/{id} with an exit in the future → 400 EXIT_IN_FUTURE', async () => {
    const response = await send('PUT', `/api/trades/${tradeId}`, {
      ...trade,
      exitTime: '9000-01-01T00:00:00Z',
    });
    await expectFieldRefused(response, ['exitTime'], 'EXIT_IN_FUTURE');
  });

  it("POST /api/calculate-trade with the last exit a calendar holds takes today's rate; past it → 400", async () => {
    const last = await send('POST', '/api/calculate-trade', { ...trade, exitTime: '9999-12-31T23:59:59Z' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().rateDate).toBe('2026-03-10');
    const beyond = await send('POST', '/api/calculate-trade', {
      ...trade,
      exitTime: '9999-12-31T23:59:59-01:00',
    });
    await expectFieldRefused(beyond, ['exitTime']);
  });
});

describe('row 3b: date query and path parameters out of range are a 400 naming the parameter', () => {
  it.each([
    ['startDate', '2026-01-01T00:00:00-16:34'],
    ['startDate', '2026-01-01T00:00:00+23:59'],
    ['endDate', '0000-06-05T00:00:00Z'],
    ['endDate', '9999-12-31T23:59:59-15:59'],
  ])('GET /api/trades?%s=%s', async (name, value) => {
    const response = await send('GET', `/api/trades?${name}=${encodeURIComponent(value)}`);
    await expectFieldRefused(response, [name]);
  });

  it('accepts the widest offset PostgreSQL takes, ±15:59', async () => {
    const response = await send(
      'GET',
      `/api/trades?startDate=${encodeURIComponent('2026-01-01T00:00:00-15:59')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('GET /api/trades with a page cursor whose time no calendar holds', async () => {
    const cursor = encodeTradesCursor({ exitTime: '0000-01-01T00:00:00.000000Z', id: tradeId });
    await expectFieldRefused(await send('GET', `/api/trades?limit=10&cursor=${cursor}`), ['cursor']);
  });

  it.each(['0000-06-05', '1969-12-31', '10000-01-01'])('GET /api/daily-aggregates/%s', async (date) => {
    await expectFieldRefused(await send('GET', `/api/daily-aggregates/${date}`), ['date']);
  });

  it('answers the first and last day a date may name', async () => {
    for (const date of ['1970-01-01', '9999-12-31']) {
      const response = await send('GET', `/api/daily-aggregates/${date}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ date, totalTrades: 0 });
    }
  });
});

describe('row 4: text a database cannot store (U+0000, a lone surrogate) is a 400 naming the field', () => {
  it.each([['a\u0000b'], ['a\ud800b'], ['\udc00']])(
    'POST and PUT /api/trades with notes %j',
    async (notes) => {
      await expectFieldRefused(await send('POST', '/api/trades', { ...trade, notes }), ['notes']);
      await expectFieldRefused(await send('PUT', `/api/trades/${tradeId}`, { ...trade, notes }), ['notes']);
    },
  );

  it('keeps emoji and Hebrew, whose surrogates come in pairs', async () => {
    const response = await send('PUT', `/api/trades/${tradeId}`, { ...trade, notes: 'יציאה מוקדמת 📉' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notes).toBe('יציאה מוקדמת 📉');
  });

  it('PUT /api/user-settings with profile.displayName or bio holding U+0000 or a lone surrogate', async () => {
    const profile = { displayName: 'דנה', bio: '', publicProfile: true };
    for (const [field, value] of [
      ['displayName', 'a\u0000b'],
      ['bio', 'a\ud83db'],
    ] as const) {
      const response = await send('PUT', '/api/user-settings', { profile: { ...profile, [field]: value } });
      await expectFieldRefused(response, ['profile', field]);
    }
  });

  it('POST /api/register with a display name holding U+0000', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'nul',
        email: 'nul@example.com',
        password: 'correct horse',
        displayName: 'a\u0000b',
      },
    });
    await expectFieldRefused(response, ['displayName']);
  });

  it('query and path texts: the list search and a device id', async () => {
    await expectFieldRefused(await send('GET', '/api/trades?search=a%00b'), ['search']);
    await expectFieldRefused(await send('DELETE', '/api/auth/devices/a%00b'), ['id']);
  });
});
