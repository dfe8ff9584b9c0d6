import { TradeSaveBody } from '@yoman/contracts';
import { describe, expect, it } from 'vitest';
import {
  calculationKey,
  canCalculate,
  emptyTradeForm,
  requiredErrors,
  type TradeForm,
  timestampOf,
  tradeFormForDay,
} from './trade-form';
import { calculationRequest, tradeFormOf, tradeSaveBody } from './trade-request';

const filled: TradeForm = {
  ...emptyTradeForm(),
  symbol: ' btcusdt ',
  entryPrice: '65000',
  exitPrice: '66300',
  stopPrice: '64350',
  positionSize: '0.5',
  fees: '12.40',
  entryTime: '22.11.2026 09:00',
  exitTime: '22.11.2026 10:30',
  notes: 'פריצה נקייה',
};

describe('the add-trade form rules', () => {
  it('starts with the spec defaults: crypto, long, asia, breakout, fees 0', () => {
    expect(emptyTradeForm()).toMatchObject({
      assetType: 'crypto',
      direction: 'long',
      session: 'asia',
      setup: 'breakout',
      fees: '0',
    });
  });

  it("answers 'שדה חובה' for each empty required field and nothing for optional ones", () => {
    expect(requiredErrors(emptyTradeForm())).toEqual({
      symbol: 'שדה חובה',
      entryPrice: 'שדה חובה',
      exitPrice: 'שדה חובה',
      positionSize: 'שדה חובה',
      entryTime: 'שדה חובה',
      exitTime: 'שדה חובה',
    });
    expect(requiredErrors({ ...filled, stopPrice: '', fees: '', notes: '' })).toEqual({});
    expect(requiredErrors({ ...filled, symbol: '   ' })).toEqual({ symbol: 'שדה חובה' });
  });

  it('calculates only when entry, exit and size are all filled with numbers', () => {
    expect(canCalculate(filled)).toBe(true);
    expect(canCalculate({ ...filled, positionSize: '' })).toBe(false);
    expect(canCalculate({ ...filled, exitPrice: 'abc' })).toBe(false);
    expect(canCalculate({ ...filled, stopPrice: '', fees: '' })).toBe(true);
  });

  it('re-runs the calculation on stop, fees, direction and asset type, not on notes or setup', () => {
    const key = calculationKey(filled);
    expect(calculationKey({ ...filled, stopPrice: '64000' })).not.toBe(key);
    expect(calculationKey({ ...filled, fees: '3' })).not.toBe(key);
    expect(calculationKey({ ...filled, direction: 'short' })).not.toBe(key);
    expect(calculationKey({ ...filled, assetType: 'stocks' })).not.toBe(key);
    expect(calculationKey({ ...filled, notes: 'x', setup: 'news', session: 'london' })).toBe(key);
  });

  it('prefills exit on the chosen day and entry one hour earlier, never in the future', () => {
    const now = new Date('2026-11-22T12:15:00Z'); // 14:15 in Israel
    expect(tradeFormForDay('2026-11-10', 'Asia/Jerusalem', now)).toMatchObject({
      exitTime: '10.11.2026 14:15',
      entryTime: '10.11.2026 13:15',
    });
    // A later day is clamped to now, so the trade is not logged in the future.
    expect(tradeFormForDay('2026-11-25', 'Asia/Jerusalem', now).exitTime).toBe('22.11.2026 14:15');
  });
});

describe('the requests the dialog sends', () => {
  const calc = {
    pnlUsd: '637.60',
    pnlIls: '2331.06',
    rMultiple: '1.9619',
    usdToIlsRate: '3.656',
    rateDate: '2026-11-20',
  };

  it('asks the server to calculate with the symbol, the exit time and only the filled optional fields', () => {
    expect(calculationRequest(filled, 'Asia/Jerusalem', false)).toEqual({
      assetType: 'crypto',
      direction: 'long',
      entryPrice: '65000',
      exitPrice: '66300',
      stopPrice: '64350',
      positionSize: '0.5',
      fees: '12.40',
      symbol: 'BTCUSDT',
      exitTime: '2026-11-22T08:30:00.000Z',
    });
    const bare = calculationRequest({ ...filled, stopPrice: '', fees: '', pointValue: '50' }, 'UTC', false);
    expect(bare.stopPrice).toBeNull();
    expect(bare.fees).toBe('0');
    expect(bare).not.toHaveProperty('pointValue');
    expect(calculationRequest({ ...filled, pointValue: '50' }, 'UTC', true).pointValue).toBe('50');
  });

  it('saves the trade of spec §3 with the calculated figures, which the contract accepts', () => {
    const body = tradeSaveBody(filled, calc, 'Asia/Jerusalem', { askPointValue: false });
    expect(body).toMatchObject({
      symbol: 'BTCUSDT',
      targetPrice: null,
      pnlUsd: '637.60',
      pnlIls: '2331.06',
      rMultiple: '1.9619',
      hasScreenshot: false,
      screenshotUrl: null,
      trustScore: 100,
      metadata: null,
      userId: '',
      entryTime: '2026-11-22T07:00:00.000Z',
      notes: 'פריצה נקייה',
    });
    expect(TradeSaveBody.safeParse(body).success).toBe(true);
  });

  it('round-trips a saved trade into the form for editing', () => {
    const body = tradeSaveBody(filled, calc, 'Asia/Jerusalem', { askPointValue: false });
    const parsed = TradeSaveBody.parse(body);
    const trade = {
      ...parsed,
      id: '6f1c1d3e-3b0a-4e39-9d5e-2b1f8f0c9a11',
      targetPrice: null,
      pnlUsd: '637.6',
      pnlIls: '2331.06',
      rMultiple: '1.9619',
      notes: parsed.notes ?? null,
      screenshotSha256: null,
      isLocked: false,
      lockAt: '2026-11-23T08:30:00.000Z',
      trustScore: 100,
    };
    const form = tradeFormOf(trade, 'Asia/Jerusalem');
    expect(form).toMatchObject({
      symbol: 'BTCUSDT',
      entryTime: '22.11.2026 09:00',
      exitTime: '22.11.2026 10:30',
    });
    expect(timestampOf(form.exitTime, 'Asia/Jerusalem')).toBe(trade.exitTime);
  });
});
