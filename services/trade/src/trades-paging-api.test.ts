// API tests of GET /api/trades's cursor paging: opt-in with `limit`, the next cursor in a header, every trade
// once across pages even while trades are being logged.

import { encodeTradesCursor, NEXT_CURSOR_HEADER, PAGE_MESSAGES, type Trade } from '@yoman/contracts';
import type { Caller } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, tradeTestAppPerFile } from './test-support/trade-test-app';

const t = tradeTestAppPerFile();

/** A trade closed `minutes` after 2026-03-01 00:00Z (an hour after its entry). */
const closedAt = (minutes: number, change: Record<string, unknown> = {}) => {
  const exit = Date.parse('2026-03-01T00:00:00.000Z') + minutes * 60_000;
  return {
    entryTime: new Date(exit - 3_600_000).toISOString(),
    exitTime: new Date(exit).toISOString(),
    ...change,
  };
};

/** Every page of `query` with `limit`, following the header until the last page. */
async function allPages(caller: Caller, query: string, limit: number, between?: () => Promise<void>) {
  const pages: Trade[][] = [];
  let cursor: string | undefined;
  do {
    const url = `/api/trades?${query}${query ? '&' : ''}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await t.call('GET', url, caller);
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json());
    const header = response.headers[NEXT_CURSOR_HEADER];
    cursor = typeof header === 'string' ? header : undefined;
    await between?.();
  } while (cursor);
  return pages;
}

describe('GET /api/trades?limit', () => {
  it('without limit answers the whole list as before, with no cursor header', async () => {
    for (let minute = 0; minute < 3; minute += 1) await t.logTrade(ALICE, closedAt(minute * 10));
    const response = await t.call('GET', '/api/trades', ALICE);
    expect(response.json()).toHaveLength(3);
    expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('pages newest exit first; the pages joined are the unpaged list; the last page has no cursor', async () => {
    for (let minute = 0; minute < 5; minute += 1) await t.logTrade(ALICE, closedAt(minute * 10));
    const whole = (await t.call('GET', '/api/trades', ALICE)).json() as Trade[];
    const pages = await allPages(ALICE, '', 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
  });

  it('a list that fits one page answers it without a cursor', async () => {
    await t.logTrade(ALICE, closedAt(0));
    const response = await t.call('GET', '/api/trades?limit=1', ALICE);
    expect(response.json()).toHaveLength(1);
    expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('keeps the filters of spec §7 on every page (date range, session, news)', async () => {
    for (let minute = 0; minute < 6; minute += 1) {
      await t.logTrade(ALICE, closedAt(minute * 10, { session: minute % 2 ? 'asia' : 'london' }));
    }
    for (let minute = 0; minute < 5; minute += 1) {
      await t.logTrade(ALICE, closedAt(100 + minute, { setup: minute % 2 ? 'news' : 'pullback' }));
    }
    const range = 'startDate=2026-03-01T00:00:00.000Z&endDate=2026-03-01T00:59:00.000Z';
    const asia = (await allPages(ALICE, `${range}&session=asia`, 2)).flat();
    expect(asia.map((trade) => trade.session)).toEqual(['asia', 'asia', 'asia']);
    // Without an economic calendar the news filter is the setup: pages are full until the last.
    const newsPages = await allPages(ALICE, 'news=true', 1);
    expect(newsPages.map((page) => page.map((trade) => trade.setup))).toEqual([['news'], ['news']]);
    const others = await allPages(ALICE, 'news=false', 4);
    expect(others.map((page) => page.length)).toEqual([4, 4, 1]);
  });

  it("reads a dateRange period in the caller's zone, which no other list needs", async () => {
    await t.logTrade(ALICE, { entryTime: '2026-03-10T03:00:00.000Z', exitTime: '2026-03-10T03:30:00.000Z' });
    const today = async () => (await t.call('GET', '/api/trades?dateRange=today&limit=10', ALICE)).json();
    expect(await today()).toHaveLength(1);
    // At 10:30Z it is 06:30 on 10 March in New York (EDT, UTC−4): a 03:30Z exit was yesterday, 23:30, there.
    await t.changeDisplay('alice', { timezone: 'America/New_York', monthlyGoalR: 10 });
    expect(await today()).toHaveLength(0);
    expect(await (await t.call('GET', '/api/trades?limit=10', ALICE)).json()).toHaveLength(1);
  });

  it("pages only the caller's trades, whoever's cursor is sent", async () => {
    for (let minute = 0; minute < 3; minute += 1) await t.logTrade(ALICE, closedAt(minute));
    await t.logTrade(BOB, closedAt(0));
    const aliceFirst = await t.call('GET', '/api/trades?limit=1', ALICE);
    const aliceCursor = aliceFirst.headers[NEXT_CURSOR_HEADER] as string;
    const bob = await t.call('GET', `/api/trades?limit=5&cursor=${aliceCursor}`, BOB);
    expect(bob.statusCode).toBe(200);
    expect(bob.json()).toHaveLength(1);
    expect((await t.call('GET', '/api/trades?limit=5', null)).statusCode).toBe(401);
  });

  it.each([
    ['limit=0', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=201', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=abc', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=1.5', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=-3', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=5&limit=6', 'limit', PAGE_MESSAGES.invalidLimit],
    ['limit=10&cursor=a&cursor=b', 'cursor', PAGE_MESSAGES.invalidCursor],
    ['limit=10&cursor=not%20a%20cursor', 'cursor', PAGE_MESSAGES.invalidCursor],
    [`limit=10&cursor=${btoa('2026-03-01|x')}`, 'cursor', PAGE_MESSAGES.invalidCursor],
    [`limit=10&cursor=${'A'.repeat(300)}`, 'cursor', PAGE_MESSAGES.invalidCursor],
    [
      `cursor=${encodeTradesCursor({ exitTime: '2026-03-01T00:00:00.000000Z', id: '7c1d2e3f-4a5b-4c6d-8e7f-901234567890' })}`,
      'limit',
      PAGE_MESSAGES.cursorWithoutLimit,
    ],
  ])('?%s is refused with 400 naming %s in Hebrew', async (query, field, message) => {
    const response = await t.call('GET', `/api/trades?${query}`, ALICE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: [field], message }],
    });
    expect(message).toMatch(/[\u0590-\u05FF]/);
  });
});

describe('the OpenAPI document', () => {
  it('declares limit, cursor and the next-cursor header of GET /api/trades', async () => {
    const document = (await t.call('GET', '/api/openapi.json', null)).json();
    const operation = document.paths['/api/trades'].get;
    const names = operation.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['limit', 'cursor', 'startDate', 'endDate', 'search']));
    expect(operation.responses['200'].headers[NEXT_CURSOR_HEADER].schema).toEqual({ type: 'string' });
    expect(operation.responses['200'].content['application/json'].schema.type).toBe('array');
  });
});

describe('paging while trades are being logged', () => {
  it('returns every trade that was there exactly once, and a new trade at most once', async () => {
    // Pairs of trades share an exit time, so the id breaks ties at page boundaries.
    const before = new Set<string>();
    for (let index = 0; index < 24; index += 1) {
      before.add((await t.logTrade(ALICE, closedAt(Math.floor(index / 2) * 60))).id);
    }
    const added: string[] = [];
    // Newer than every page, older than every page, and equal to existing exit times.
    const newTrades = Array.from({ length: 18 }, (_, index) =>
      closedAt([24 * 60, -60, Math.floor(index / 3) * 60][index % 3] as number),
    );
    // Each page is asked for while a trade is being logged; the trade before it is already stored.
    let logging: Promise<void> = Promise.resolve();
    const logNextDuringNextPage = async () => {
      await logging;
      const trade = newTrades.shift();
      if (trade) logging = t.logTrade(ALICE, trade).then(({ id }) => void added.push(id));
    };
    await logNextDuringNextPage();
    const pages = await allPages(ALICE, '', 3, logNextDuringNextPage);
    await logging;
    expect(added.length).toBeGreaterThan(5);
    const seen = pages.flat().map((trade) => trade.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    const seenNew = seen.filter((id) => !before.has(id));
    expect(seenNew.every((id) => added.includes(id))).toBe(true);
    // Trades older than the cursor at the time are found on later pages.
    expect(seenNew.length).toBeGreaterThan(0);
    const keys = pages.flat().map((trade) => [Date.parse(trade.exitTime), trade.id] as const);
    for (let index = 1; index < keys.length; index += 1) {
      const [time, id] = keys[index] as readonly [number, string];
      const [previousTime, previousId] = keys[index - 1] as readonly [number, string];
      expect(time < previousTime || (time === previousTime && id < previousId)).toBe(true);
    }
  });
});
