// API tests of the journal's reads, the calculation and screenshots.

import { createHash } from 'node:crypto';
import type { Caller } from '@yoman/platform';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, asCaller, BOB, eurusd, tradeTestAppPerFile } from './test-support/trade-test-app';

const t = tradeTestAppPerFile();

describe('POST /api/calculate-trade', () => {
  it('computes P&L, R and the ILS figure with the rate it names', async () => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, { ...eurusd, exitTime: undefined });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pnlUsd: '500.00',
      pnlIls: '1850.00',
      rMultiple: '1.0000',
      usdToIlsRate: '3.70',
      rateDate: '2026-03-10',
      // No rate stored and no Bank of Israel configured: the configured rate, and the answer says so.
      rateSource: 'fallback',
    });
  });

  it.each([
    [{ entryPrice: undefined }, 400, 'VALIDATION_FAILED'],
    [{ positionSize: 0 }, 400, 'VALIDATION_FAILED'],
    [{ stopPrice: '1.2' }, 400, 'STOP_WRONG_SIDE'],
    [{ symbol: 'EURO' }, 400, 'INVALID_SYMBOL'],
    [{ assetType: 'futures', symbol: 'FDAXZ6' }, 422, 'UNKNOWN_FUTURES_ROOT'],
    // No FX_FALLBACK_RATES and no stored GBP rate: a cross is refused rather than given an invented rate.
    [{ symbol: 'EURGBP', entryPrice: '0.85', exitPrice: '0.86', stopPrice: null }, 422, 'QUOTE_RATE_UNKNOWN'],
  ])('%j is refused with %i %s and a Hebrew message', async (change, status, code) => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, { ...eurusd, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('POST', '/api/calculate-trade', null, eurusd)).statusCode).toBe(401);
  });
});

describe('GET /api/trades', () => {
  beforeEach(async () => {
    await t.logTrade(ALICE);
    await t.logTrade(ALICE, {
      symbol: 'AAPL',
      assetType: 'stocks',
      direction: 'short',
      entryPrice: 200,
      exitPrice: 210,
      stopPrice: 205,
      positionSize: 10,
      session: 'new_york',
      setup: 'news',
      notes: 'earnings',
      exitTime: '2026-03-10T09:30:00.000Z',
    });
    await t.logTrade(ALICE, {
      symbol: 'BTCUSDT',
      assetType: 'crypto',
      stopPrice: null,
      session: 'asia',
      setup: 'pullback',
      entryTime: '2026-03-02T08:00:00.000Z',
      exitTime: '2026-03-02T10:00:00.000Z',
    });
    await t.logTrade(BOB);
  });

  const symbolsOf = async (query: string) =>
    ((await t.call('GET', `/api/trades${query}`, ALICE)).json() as { symbol: string }[]).map(
      (trade) => trade.symbol,
    );

  it("lists only the caller's own trades, newest exit first", async () => {
    expect(await symbolsOf('')).toEqual(['EURUSD', 'AAPL', 'BTCUSDT']);
  });

  it.each([
    ['?startDate=2026-03-10T00:00:00.000Z&endDate=2026-03-10T23:59:59.999Z', ['EURUSD', 'AAPL']],
    ['?session=asia', ['BTCUSDT']],
    ['?setup=news', ['AAPL']],
    ['?asset=stocks', ['AAPL']],
    ['?result=loss', ['AAPL']],
    ['?result=win', ['EURUSD', 'BTCUSDT']],
    ['?rRange=-2to-1', ['AAPL']],
    ['?rRange=1to2', ['EURUSD']],
    ['?trust=high', ['EURUSD', 'AAPL']],
    ['?trust=low', []],
    ['?search=earn', ['AAPL']],
    ['?news=true', ['AAPL']],
    ['?news=false', ['EURUSD', 'BTCUSDT']],
    ['?dateRange=today', ['EURUSD', 'AAPL']],
    ['?dateRange=month&session=all&setup=', ['EURUSD', 'AAPL', 'BTCUSDT']],
  ])('%s', async (query, expected) => {
    expect(await symbolsOf(query)).toEqual(expected);
  });

  it('refuses an unknown filter value with 400, and no caller with 401', async () => {
    expect((await t.call('GET', '/api/trades?trust=excellent', ALICE)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/trades', null)).statusCode).toBe(401);
  });
});

describe('GET /api/daily-aggregates', () => {
  it("answers the month's days with trades, and an empty day for a date without", async () => {
    await t.logTrade();
    const month = await t.call('GET', '/api/daily-aggregates?year=2026&month=3', ALICE);
    expect(month.json().map((day: { date: string }) => day.date)).toEqual(['2026-03-10']);
    expect((await t.call('GET', '/api/daily-aggregates/2026-03-09', ALICE)).json()).toMatchObject({
      totalTrades: 0,
    });
    expect((await t.call('GET', '/api/daily-aggregates/2026-03-10', BOB)).json()).toMatchObject({
      totalTrades: 0,
    });
  });

  it('refuses a bad date or month with 400 and no caller with 401', async () => {
    expect((await t.call('GET', '/api/daily-aggregates/2026-02-30', ALICE)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/daily-aggregates?year=2026&month=13', ALICE)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/daily-aggregates?year=2026&month=3', null)).statusCode).toBe(401);
  });
});

describe('screenshots', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);
  const upload = async (caller: Caller, content: Buffer, contentType = 'image/png') => {
    const link = (await t.call('POST', '/api/screenshots/upload-url', caller)).json() as {
      uploadURL: string;
      screenshotUrl: string;
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: link.uploadURL,
      headers: { ...asCaller(caller), 'content-type': contentType },
      payload: content,
    });
    return { link, put };
  };

  it('a PNG is stored, served to its owner only, and marks the trade that carries it', async () => {
    const { link, put } = await upload(ALICE, PNG);
    expect(put.statusCode).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: link.screenshotUrl,
      headers: asCaller(ALICE),
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: link.screenshotUrl,
      headers: asCaller(BOB),
    });
    expect(other.statusCode).toBe(404);
    const trade = await t.logTrade(ALICE, { screenshotUrl: link.screenshotUrl, hasScreenshot: true });
    expect(trade).toMatchObject({ hasScreenshot: true, screenshotUrl: link.screenshotUrl });
  });

  it('checks the content, not the header: a text file sent as image/png is refused', async () => {
    const { put } = await upload(ALICE, Buffer.from('not an image'), 'image/png');
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('refuses a file over 5MB with 413', async () => {
    const { put } = await upload(ALICE, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(put.statusCode).toBe(413);
  });

  it("a trade cannot carry another user's screenshot or one never uploaded", async () => {
    const { link } = await upload(BOB, PNG);
    const response = await t.call('POST', '/api/trades', ALICE, {
      ...eurusd,
      screenshotUrl: link.screenshotUrl,
    });
    expect(response.json()).toMatchObject({ code: 'INVALID_SCREENSHOT' });
    const missing = await t.call('POST', '/api/trades', ALICE, {
      ...eurusd,
      screenshotUrl: '/api/screenshots/nothing',
    });
    expect(missing.statusCode).toBe(400);
  });

  it("nobody uploads into another user's link", async () => {
    const link = (await t.call('POST', '/api/screenshots/upload-url', ALICE)).json() as { uploadURL: string };
    const put = await t.app.inject({
      method: 'PUT',
      url: link.uploadURL,
      headers: { ...asCaller(BOB), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('screenshots are evidence, written once', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
  const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
  const putImage = (url: string, content: Buffer, contentType = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: { ...asCaller(ALICE), 'content-type': contentType },
      payload: content,
    });
  const uploaded = async (content: Buffer, contentType?: string) => {
    const { screenshotUrl } = (await t.call('POST', '/api/screenshots/upload-url', ALICE)).json() as {
      screenshotUrl: string;
    };
    const put = await putImage(screenshotUrl, content, contentType);
    expect(put.statusCode, put.body).toBe(200);
    return { screenshotUrl, put };
  };
  const streamOf = (tradeId: string) => t.harness.platform.eventStore.readStream(`trade-${tradeId}`);

  it('a second PUT to a filled slot is refused with 409 in Hebrew, and the first image stays', async () => {
    const { screenshotUrl } = await uploaded(PNG);
    const again = await putImage(screenshotUrl, JPEG, 'image/jpeg');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SCREENSHOT_ALREADY_UPLOADED' });
    expect(again.json().message).toMatch(/[\u0590-\u05FF]/);
    const served = await t.app.inject({ method: 'GET', url: screenshotUrl, headers: asCaller(ALICE) });
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('a refused upload does not fill the slot', async () => {
    const { screenshotUrl } = (await t.call('POST', '/api/screenshots/upload-url', ALICE)).json();
    expect((await putImage(screenshotUrl, Buffer.from('not an image'))).statusCode).toBe(400);
    expect((await putImage(screenshotUrl, PNG)).statusCode).toBe(200);
  });

  it('the SHA-256 of the bytes is computed on upload and recorded in the trade event and answer', async () => {
    const { screenshotUrl, put } = await uploaded(PNG);
    expect(put.json()).toEqual({ screenshotUrl, screenshotSha256: sha256(PNG) });
    const trade = await t.logTrade(ALICE, { screenshotUrl });
    expect(trade).toMatchObject({ screenshotUrl, screenshotSha256: sha256(PNG) });
    const [logged] = await streamOf(trade.id);
    expect(logged?.data).toMatchObject({ screenshotUrl, screenshotSha256: sha256(PNG) });
    const listed = (await t.call('GET', '/api/trades', ALICE)).json();
    expect(listed[0]).toMatchObject({ screenshotSha256: sha256(PNG) });
  });

  it('changing the screenshot is an edit pointing to a new slot, recorded as an event with its hash', async () => {
    const first = await uploaded(PNG);
    const trade = await t.logTrade(ALICE, { screenshotUrl: first.screenshotUrl });
    const second = await uploaded(JPEG, 'image/jpeg');
    const edit = await t.call('PUT', `/api/trades/${trade.id}`, ALICE, {
      ...eurusd,
      screenshotUrl: second.screenshotUrl,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      screenshotUrl: second.screenshotUrl,
      screenshotSha256: sha256(JPEG),
    });
    const events = await streamOf(trade.id);
    expect(events.map((event) => event.type)).toEqual(['trade.logged.v1', 'trade.screenshot-attached.v1']);
    expect(events[1]?.data).toMatchObject({ screenshotSha256: sha256(JPEG) });
  });

  it("a locked trade's screenshot cannot change: 409 TRADE_LOCKED and nothing appended", async () => {
    const first = await uploaded(PNG);
    const trade = await t.logTrade(ALICE, { screenshotUrl: first.screenshotUrl });
    const second = await uploaded(JPEG, 'image/jpeg');
    t.clock.set('2026-03-11T10:00:00.000Z');
    const before = await streamOf(trade.id);
    const edit = await t.call('PUT', `/api/trades/${trade.id}`, ALICE, {
      ...eurusd,
      screenshotUrl: second.screenshotUrl,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'TRADE_LOCKED' });
    expect(await streamOf(trade.id)).toEqual(before);
    const again = await putImage(first.screenshotUrl, JPEG, 'image/jpeg');
    expect(again.statusCode).toBe(409);
    const served = await t.app.inject({ method: 'GET', url: first.screenshotUrl, headers: asCaller(ALICE) });
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('Treasury futures quoted in 32nds of a point', () => {
  // ZB: 110'16 = 110.5, 112'00 = 112, 109'16 = 109.5; 1,000 USD a point.
  const bond = {
    ...eurusd,
    symbol: 'ZBM6',
    assetType: 'futures',
    entryPrice: "110'16",
    exitPrice: "112'00",
    stopPrice: "109'16",
  };

  it('calculates from the quotes: 1.5 points × 1,000 = 1,500 USD, R 1.5', async () => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, bond);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pnlUsd: '1500.00', rMultiple: '1.5000' });
  });

  it('stores the decimal value of each quote with the trade', async () => {
    const logged = await t.call('POST', '/api/trades', ALICE, bond);
    expect(logged.statusCode, logged.body).toBe(201);
    const [trade] = (await t.call('GET', '/api/trades', ALICE)).json();
    expect(trade).toMatchObject({
      entryPrice: '110.5',
      exitPrice: '112',
      stopPrice: '109.5',
      pnlIls: '5550.00',
    });
  });

  it('refuses a 32nds quote for an instrument not quoted in 32nds, with a Hebrew message', async () => {
    const response = await t.call('POST', '/api/calculate-trade', ALICE, { ...bond, symbol: 'ESM6' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_PRICE' });
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
  });
});
