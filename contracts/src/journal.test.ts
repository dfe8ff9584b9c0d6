import { describe, expect, it } from 'vitest';
import { CalculateTradeBody, Trade, TradeCalculation, TradeSaveBody, TradesQuery } from './journal';

/** The add-trade dialog's save payload, shaped as spec §3 "Trade, as sent on save" describes it. */
const savedTrade = {
  symbol: 'btcusdt',
  assetType: 'crypto',
  direction: 'long',
  entryPrice: '65000',
  exitPrice: 66000,
  stopPrice: null,
  targetPrice: null,
  positionSize: '0.5',
  pnlUsd: 500,
  pnlIls: 1850,
  rMultiple: null,
  fees: 0,
  session: 'asia',
  setup: 'breakout',
  entryTime: '2026-03-05T09:00:00.000Z',
  exitTime: '2026-03-05T10:00:00.000Z',
  notes: '',
  hasScreenshot: false,
  screenshotUrl: null,
  trustScore: 100,
  metadata: null,
  userId: '',
};

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('calculate-trade body', () => {
  it("takes spec §7's fields and normalises them", () => {
    const body = CalculateTradeBody.parse({
      assetType: 'crypto',
      direction: 'short',
      entryPrice: 65000,
      exitPrice: '64000.50',
      stopPrice: '',
      positionSize: 0.25,
      fees: 3,
    });
    expect(body).toEqual({
      assetType: 'crypto',
      direction: 'short',
      entryPrice: '65000',
      exitPrice: '64000.5',
      stopPrice: null,
      positionSize: '0.25',
      fees: '3',
      pointValue: null,
    });
  });

  it('needs the symbol for forex and futures only', () => {
    const forex = { assetType: 'forex', direction: 'long', entryPrice: 1.1, exitPrice: 1.2, positionSize: 1 };
    expect(issuesOf(CalculateTradeBody.safeParse(forex))).toEqual([['symbol', 'שדה חובה']]);
    expect(CalculateTradeBody.safeParse({ ...forex, symbol: 'eur/usd' }).data?.symbol).toBe('EUR/USD');
    expect(CalculateTradeBody.safeParse({ ...forex, assetType: 'stocks' }).success).toBe(true);
  });

  it('refuses a wrong asset type and a negative size', () => {
    const result = CalculateTradeBody.safeParse({
      assetType: 'bonds',
      direction: 'long',
      entryPrice: 1,
      exitPrice: 2,
      positionSize: -1,
    });
    expect(issuesOf(result)).toEqual([
      ['assetType', 'ערך לא תקין'],
      ['positionSize', 'יש להזין מספר גדול מאפס'],
    ]);
  });
});

describe('calculation result', () => {
  it('has decimal strings, a nullable R and the rate date', () => {
    const result = {
      pnlUsd: '497',
      pnlIls: '1838.9',
      rMultiple: null,
      usdToIlsRate: '3.7',
      rateDate: '2026-03-05',
    };
    expect(TradeCalculation.parse(result)).toEqual(result);
    expect(TradeCalculation.safeParse({ ...result, pnlUsd: 497 }).success).toBe(false);
    expect(TradeCalculation.safeParse({ ...result, rateDate: null, rateSource: 'fallback' }).success).toBe(
      true,
    );
  });
});

describe('trade on save', () => {
  it("accepts the dialog's payload, drops the client's figures and normalises", () => {
    const trade = TradeSaveBody.parse(savedTrade);
    expect(trade.symbol).toBe('BTCUSDT');
    expect(trade.exitPrice).toBe('66000');
    expect(trade.fees).toBe('0');
    expect(trade.notes).toBeNull();
    expect(trade.stopPrice).toBeNull();
    for (const ignored of ['pnlUsd', 'pnlIls', 'rMultiple', 'trustScore', 'metadata', 'userId']) {
      expect(trade).not.toHaveProperty(ignored);
    }
  });

  it('names every missing required field with "שדה חובה"', () => {
    const result = TradeSaveBody.safeParse({
      assetType: 'crypto',
      direction: 'long',
      session: 'asia',
      setup: 'news',
    });
    expect(issuesOf(result)).toEqual([
      ['symbol', 'שדה חובה'],
      ['entryPrice', 'שדה חובה'],
      ['exitPrice', 'שדה חובה'],
      ['positionSize', 'שדה חובה'],
      ['entryTime', 'שדה חובה'],
      ['exitTime', 'שדה חובה'],
    ]);
  });

  it('refuses an exit before the entry, an unknown session and a zero price', () => {
    const result = TradeSaveBody.safeParse({
      ...savedTrade,
      exitTime: '2026-03-05T08:00:00.000Z',
      session: 'sydney',
      entryPrice: '0',
    });
    expect(issuesOf(result)).toEqual([
      ['entryPrice', 'יש להזין מספר גדול מאפס'],
      ['session', 'ערך לא תקין'],
    ]);
    const backwards = TradeSaveBody.safeParse({ ...savedTrade, exitTime: '2026-03-05T08:00:00.000Z' });
    expect(issuesOf(backwards)).toEqual([['exitTime', 'זמן היציאה חייב להיות אחרי זמן הכניסה']]);
  });
});

describe('trade as read back', () => {
  const stored = {
    id: '3f1c2a4e-9b7d-4c1e-8f2a-1b2c3d4e5f60',
    symbol: 'BTCUSDT',
    assetType: 'crypto',
    direction: 'long',
    session: 'asia',
    setup: 'breakout',
    setupId: null,
    entryPrice: '65000',
    exitPrice: '66000',
    stopPrice: '64500',
    targetPrice: null,
    positionSize: '0.5',
    fees: '3',
    pnlUsd: '497',
    pnlIls: '1838.9',
    rMultiple: '1.988',
    entryTime: '2026-03-05T09:00:00.000Z',
    exitTime: '2026-03-05T10:00:00.000Z',
    notes: null,
    hasScreenshot: true,
    screenshotUrl: '/api/uploads/files/a.jpg',
    screenshotSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    isLocked: false,
    lockAt: '2026-03-06T10:00:00.000Z',
    trustScore: 100,
  };

  it('has every field of spec §3 plus the dialog and lock fields', () => {
    expect(Trade.parse(stored)).toEqual(stored);
  });

  it('refuses a trust score above 100 and a missing lock time', () => {
    expect(Trade.safeParse({ ...stored, trustScore: 101 }).success).toBe(false);
    const { lockAt: _lockAt, ...withoutLock } = stored;
    expect(Trade.safeParse(withoutLock).success).toBe(false);
  });
});

describe('trades query', () => {
  it("reads a day's ISO range", () => {
    const query = TradesQuery.parse({
      startDate: '2026-03-04T22:00:00.000Z',
      endDate: '2026-03-05T21:59:59.999Z',
    });
    expect(query.startDate).toBe('2026-03-04T22:00:00.000Z');
  });

  it("reads every filter, with 'all' and '' meaning none", () => {
    const query = TradesQuery.parse({
      dateRange: 'month',
      session: 'all',
      setup: 'pullback',
      asset: 'forex',
      result: 'win',
      rRange: '1to2',
      news: 'true',
      trust: 'low',
      search: ' eur ',
    });
    expect(query).toEqual({
      dateRange: 'month',
      setup: 'pullback',
      asset: 'forex',
      result: 'win',
      rRange: '1to2',
      news: true,
      trust: 'low',
      search: 'eur',
    });
  });

  it('refuses unknown filter values and an end before the start', () => {
    expect(TradesQuery.safeParse({ result: 'draw' }).success).toBe(false);
    expect(TradesQuery.safeParse({ trust: 'perfect' }).success).toBe(false);
    expect(TradesQuery.safeParse({ rRange: '9to10' }).success).toBe(false);
    const backwards = TradesQuery.safeParse({
      startDate: '2026-03-05T00:00:00.000Z',
      endDate: '2026-03-04T00:00:00.000Z',
    });
    expect(issuesOf(backwards)).toEqual([['endDate', 'תאריך לא תקין']]);
  });
});
