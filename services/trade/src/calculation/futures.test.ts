import { describe, expect, it } from 'vitest';
import { calculateTrade } from './calculate-trade';
import { errorCodeOf, figuresOf, rates } from './calculation-fixtures';

describe('futures: contracts × point value of the root', () => {
  it('ESZ6 5000 → 5010, 2 contracts at 50 USD a point, 4.5 fees = 995.50 USD, R 1.991', () => {
    const result = calculateTrade(
      {
        assetType: 'futures',
        direction: 'long',
        symbol: 'esz6',
        entryPrice: 5000,
        exitPrice: 5010,
        stopPrice: 4995,
        positionSize: 2,
        fees: '4.5',
      },
      rates,
    );
    expect(figuresOf(result)).toEqual({
      symbol: 'ESZ6',
      pnlUsd: '995.50',
      pnlIls: '3683.35',
      rMultiple: '1.9910',
    });
  });

  it.each([
    ['MESZ26', '5.00'],
    ['NQH6', '20.00'],
    ['6EM6', '125000.00'],
    ['/CL', '1000.00'],
    ['M2KU26', '5.00'],
    ['MBT', '0.10'],
  ])('%s moves its root point value per 1.0 of price', (symbol, perPoint) => {
    const result = calculateTrade(
      { assetType: 'futures', direction: 'long', symbol, entryPrice: 100, exitPrice: 101, positionSize: 1 },
      rates,
    );
    expect(result.pnlUsd.toFixed(2)).toBe(perPoint);
  });

  it("Treasury quotes in 32nds: a short ZB from 110'16 to 111'00 loses half a point × 1000", () => {
    const result = calculateTrade(
      {
        assetType: 'futures',
        direction: 'short',
        symbol: 'ZBZ6',
        entryPrice: "110'16",
        exitPrice: "111'00",
        positionSize: 1,
      },
      rates,
    );
    expect(result.pnlUsd.toFixed(2)).toBe('-500.00');
  });

  it("ZN accepts half 32nds: 110'165 → 110'205 is 4/32 of a point = 125 USD", () => {
    const result = calculateTrade(
      {
        assetType: 'futures',
        direction: 'long',
        symbol: 'ZN',
        entryPrice: "110'165",
        exitPrice: "110'205",
        positionSize: 1,
      },
      rates,
    );
    expect(result.pnlUsd.toFixed(2)).toBe('125.00');
  });

  it("a 32nds quote out of range (110'32) or on a root that is not quoted in 32nds is INVALID_PRICE", () => {
    const base = {
      assetType: 'futures',
      direction: 'long',
      entryPrice: "110'32",
      exitPrice: 111,
      positionSize: 1,
    } as const;
    expect(errorCodeOf({ ...base, symbol: 'ZB' })).toBe('invalid_input:INVALID_PRICE');
    expect(errorCodeOf({ ...base, symbol: 'ES', entryPrice: "110'16" })).toBe('invalid_input:INVALID_PRICE');
  });

  it('an unknown root needs an explicit point value, else 422 UNKNOWN_FUTURES_ROOT', () => {
    const base = {
      assetType: 'futures',
      direction: 'long',
      symbol: 'FDAXZ6',
      entryPrice: 100,
      exitPrice: 102,
      positionSize: 1,
    } as const;
    expect(errorCodeOf(base)).toBe('rule_broken:UNKNOWN_FUTURES_ROOT');
    expect(calculateTrade({ ...base, pointValue: '25' }, rates).pnlUsd.toFixed(2)).toBe('50.00');
    expect(errorCodeOf({ ...base, pointValue: -1 })).toBe('invalid_input:INVALID_POINT_VALUE');
  });

  it('the table wins over a client point value for a known root', () => {
    const result = calculateTrade(
      {
        assetType: 'futures',
        direction: 'long',
        symbol: 'ES',
        entryPrice: 100,
        exitPrice: 101,
        positionSize: 1,
        pointValue: 1,
      },
      rates,
    );
    expect(result.pnlUsd.toFixed(2)).toBe('50.00');
  });
});
