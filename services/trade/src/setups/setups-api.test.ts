// API tests of the setups library: create, edit, archive, restore, a trade naming a setup, and its figures.

import type { Caller } from '@yoman/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, startTradeTestApp } from '../test-support/trade-test-app';

let t: Awaited<ReturnType<typeof startTradeTestApp>>;
beforeAll(async () => {
  t = await startTradeTestApp();
});
afterAll(() => t.harness.close());
beforeEach(async () => {
  await t.harness.reset();
  t.clock.set('2026-03-20T12:00:00.000Z');
});

const form = {
  name: ' פריצת טווח אסיה ',
  smcContext: 'איסוף נזילות מעל השיא',
  description: 'פריצה של טווח אסיה בפתיחת לונדון',
  entryRules: 'נר סגירה מעל הטווח',
  exitRules: 'יעד 2R',
  checklist: ['טווח ברור', '', '   ', ' נפח עולה '],
};
const MENTOR: Caller = { userId: 'mentor-1', sessionId: 's-m', role: 'mentor', organisationId: 'org-1' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function createSetup(caller: Caller = ALICE, change: Record<string, unknown> = {}) {
  const response = await t.call('POST', '/api/setups', caller, { ...form, ...change });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [field: string]: unknown };
}

/** A BTCUSDT trade risking 10 USD (entry 100, stop 90), closed for `r` R. */
const btc = (r: number, exitTime: string, change: Record<string, unknown> = {}) => ({
  symbol: 'BTCUSDT',
  assetType: 'crypto',
  direction: 'long',
  entryPrice: '100',
  exitPrice: String(100 + 10 * r),
  stopPrice: '90',
  positionSize: '1',
  fees: '0',
  session: 'london',
  setup: 'breakout',
  entryTime: new Date(Date.parse(exitTime) - 3_600_000).toISOString(),
  exitTime,
  ...change,
});

describe('POST /api/setups', () => {
  it('creates a setup: trimmed, blank checklist lines dropped, no figures yet, 30 trades needed', async () => {
    const created = await createSetup();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'פריצת טווח אסיה',
      smcContext: form.smcContext,
      description: form.description,
      entryRules: form.entryRules,
      exitRules: form.exitRules,
      checklist: ['טווח ברור', 'נפח עולה'],
      isArchived: false,
      winRate: null,
      expectancy: null,
      avgR: null,
      sampleSize: 0,
      sufficientSample: false,
      tradesNeeded: 30,
      createdAt: '2026-03-20T12:00:00.000Z',
      updatedAt: '2026-03-20T12:00:00.000Z',
    });
  });

  it.each(['name', 'smcContext', 'description', 'entryRules', 'exitRules'])(
    'refuses a missing or blank %s with 400 naming the field: שדה חובה',
    async (field) => {
      for (const value of [undefined, '   ']) {
        const response = await t.call('POST', '/api/setups', ALICE, { ...form, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toEqual([{ path: [field], message: 'שדה חובה' }]);
      }
    },
  );

  it('refuses a checklist that is not a list, and a name too long, naming the field', async () => {
    const notList = await t.call('POST', '/api/setups', ALICE, { ...form, checklist: 'שורה\nשורה' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().issues[0].path).toEqual(['checklist']);
    const long = await t.call('POST', '/api/setups', ALICE, { ...form, name: 'א'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([{ path: ['name'], message: 'הטקסט ארוך מדי' }]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('POST', '/api/setups', null, form)).statusCode).toBe(401);
  });
});

describe('GET /api/setups', () => {
  it("lists the caller's own setups only: active first, newest first, then the archive", async () => {
    const first = await createSetup(ALICE, { name: 'ראשון' });
    t.clock.set('2026-03-20T13:00:00.000Z');
    const second = await createSetup(ALICE, { name: 'שני' });
    const archived = await createSetup(ALICE, { name: 'בארכיון' });
    await t.call('POST', `/api/setups/${archived.id}/archive`, ALICE);
    await createSetup(BOB, { name: 'של בוב' });
    const alice = await t.call('GET', '/api/setups', ALICE);
    expect(alice.statusCode).toBe(200);
    expect(alice.json().map((setup: { id: string }) => setup.id)).toEqual([second.id, first.id, archived.id]);
    const mentor = await t.call('GET', '/api/setups', MENTOR);
    expect(mentor.json()).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('GET', '/api/setups', null)).statusCode).toBe(401);
  });
});

describe('PUT /api/setups/{id}', () => {
  it('edits the setup', async () => {
    const setup = await createSetup();
    t.clock.set('2026-03-21T08:00:00.000Z');
    const response = await t.call('PUT', `/api/setups/${setup.id}`, ALICE, { ...form, exitRules: 'יעד 3R' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ exitRules: 'יעד 3R', updatedAt: '2026-03-21T08:00:00.000Z' });
  });

  it("answers 404 for another student's setup and for an unknown id, 400 for a malformed one", async () => {
    const setup = await createSetup(ALICE);
    expect((await t.call('PUT', `/api/setups/${setup.id}`, BOB, form)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/setups/${UNKNOWN_ID}`, ALICE, form)).statusCode).toBe(404);
    const malformed = await t.call('PUT', '/api/setups/not-an-id', ALICE, form);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0]).toEqual({ path: ['id'], message: 'מזהה לא תקין' });
    expect((await t.call('GET', '/api/setups', ALICE)).json()[0].name).toBe('פריצת טווח אסיה');
  });

  it('refuses a blank required field naming it', async () => {
    const setup = await createSetup();
    const response = await t.call('PUT', `/api/setups/${setup.id}`, ALICE, { ...form, entryRules: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['entryRules'], message: 'שדה חובה' }]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('PUT', `/api/setups/${UNKNOWN_ID}`, null, form)).statusCode).toBe(401);
  });
});

describe('archive and restore', () => {
  it('archives, refuses a second archive with 409, restores, refuses restoring an active setup with 409', async () => {
    const setup = await createSetup();
    const archived = await t.call('POST', `/api/setups/${setup.id}/archive`, ALICE);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().isArchived).toBe(true);
    const again = await t.call('POST', `/api/setups/${setup.id}/archive`, ALICE);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SETUP_ALREADY_ARCHIVED', message: 'הסטאפ כבר נמצא בארכיון' });
    const restored = await t.call('POST', `/api/setups/${setup.id}/restore`, ALICE);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().isArchived).toBe(false);
    const notArchived = await t.call('POST', `/api/setups/${setup.id}/restore`, ALICE);
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().code).toBe('SETUP_NOT_ARCHIVED');
  });

  it("answers 404 for another student's setup or an unknown id, 401 signed out", async () => {
    const setup = await createSetup(ALICE);
    for (const action of ['archive', 'restore']) {
      expect((await t.call('POST', `/api/setups/${setup.id}/${action}`, BOB)).statusCode).toBe(404);
      expect((await t.call('POST', `/api/setups/${UNKNOWN_ID}/${action}`, ALICE)).statusCode).toBe(404);
      expect((await t.call('POST', `/api/setups/${setup.id}/${action}`, null)).statusCode).toBe(401);
    }
  });
});

describe('a trade naming a setup', () => {
  it('saves the setup on the trade, and the setup figures follow its trades', async () => {
    const setup = await createSetup();
    const first = await t.call(
      'POST',
      '/api/trades',
      ALICE,
      btc(2, '2026-03-18T10:00:00.000Z', { setupId: setup.id }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().setupId).toBe(setup.id);
    await t.logTrade(ALICE, btc(-1, '2026-03-18T12:00:00.000Z', { setupId: setup.id }));
    await t.logTrade(ALICE, btc(0.5, '2026-03-18T13:00:00.000Z', { setupId: setup.id, stopPrice: null }));
    await t.logTrade(ALICE, btc(3, '2026-03-18T14:00:00.000Z'));
    const [listed] = (await t.call('GET', '/api/setups', ALICE)).json();
    // Three trades: 2 wins of 3 (66.7%); R of 2 and −1 over the two with a stop: 0.5.
    expect(listed).toMatchObject({
      sampleSize: 3,
      winRate: 66.7,
      expectancy: 0.5,
      avgR: 0.5,
      sufficientSample: false,
      tradesNeeded: 27,
    });
  });

  it("refuses an archived setup, another student's and an unknown one, naming setupId", async () => {
    const archived = await createSetup();
    await t.call('POST', `/api/setups/${archived.id}/archive`, ALICE);
    const bobs = await createSetup(BOB);
    const cases: [string, string][] = [
      [archived.id, 'SETUP_ARCHIVED'],
      [bobs.id, 'SETUP_NOT_FOUND'],
      [UNKNOWN_ID, 'SETUP_NOT_FOUND'],
    ];
    for (const [setupId, code] of cases) {
      const response = await t.call(
        'POST',
        '/api/trades',
        ALICE,
        btc(1, '2026-03-18T10:00:00.000Z', { setupId }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, issues: [{ path: ['setupId'] }] });
      expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
    }
    const malformed = await t.call(
      'POST',
      '/api/trades',
      ALICE,
      btc(1, '2026-03-18T10:00:00.000Z', { setupId: 'x' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].path).toEqual(['setupId']);
  });

  it('keeps a setup archived after the trade named it when the trade is edited, refuses switching to another archived one, and a built-in setup stays selectable', async () => {
    const setup = await createSetup();
    const trade = await t.logTrade(ALICE, btc(1, '2026-03-20T11:00:00.000Z', { setupId: setup.id }));
    await t.call('POST', `/api/setups/${setup.id}/archive`, ALICE);
    const edited = await t.call(
      'PUT',
      `/api/trades/${trade.id}`,
      ALICE,
      btc(1, '2026-03-20T11:00:00.000Z', { setupId: setup.id, notes: 'עודכן', setup: 'pullback' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ setupId: setup.id, setup: 'pullback' });
    const another = await createSetup(ALICE, { name: 'סטאפ שני' });
    await t.call('POST', `/api/setups/${another.id}/archive`, ALICE);
    const switched = await t.call(
      'PUT',
      `/api/trades/${trade.id}`,
      ALICE,
      btc(1, '2026-03-20T11:00:00.000Z', { setupId: another.id }),
    );
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({ code: 'SETUP_ARCHIVED', issues: [{ path: ['setupId'] }] });
    const cleared = await t.call('PUT', `/api/trades/${trade.id}`, ALICE, btc(1, '2026-03-20T11:00:00.000Z'));
    expect(cleared.json().setupId).toBeNull();
  });
});
