import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssetType, calculateTrade, type TradeFigures } from './calculate-trade';

// Decimal strings with up to 4 places, so every generated figure is exact.
const decimal = (min: number, max: number) => fc.integer({ min, max }).map((n) => (n / 10_000).toFixed(4));
const assetAndSymbol = fc.constantFrom<[AssetType, string]>(
  ['crypto', 'BTCUSD'],
  ['stocks', 'AAPL'],
  ['forex', 'EURUSD'],
  ['forex', 'USDJPY'],
  ['futures', 'ESZ6'],
  ['futures', 'ZN'],
);
const trade = fc.record({
  asset: assetAndSymbol,
  entryPrice: decimal(10_000, 50_000_000),
  exitPrice: decimal(10_000, 50_000_000),
  positionSize: decimal(1, 1_000_000),
  fees: decimal(0, 1_000_000),
});
const rates = { usdToIls: '3.71' };
type TradeSample = {
  asset: [AssetType, string];
  entryPrice: string;
  exitPrice: string;
  positionSize: string;
  fees: string;
};

function figures(t: TradeSample, direction: 'long' | 'short'): TradeFigures {
  const [assetType, symbol] = t.asset;
  return {
    assetType,
    symbol,
    direction,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    positionSize: t.positionSize,
    fees: t.fees,
  };
}

describe('calculation properties', () => {
  it('long and short mirror each other: gross P&L has opposite signs and both pay the fees', () => {
    fc.assert(
      fc.property(trade, (t) => {
        const long = calculateTrade(figures(t, 'long'), rates);
        const short = calculateTrade(figures(t, 'short'), rates);
        expect(long.grossPnlUsd.plus(short.grossPnlUsd).toNumber()).toBe(0);
        // Net P&L is rounded to cents on each side, so the sum may miss −2 × fees by at most a cent.
        expect(long.pnlUsd.plus(short.pnlUsd).plus(long.fees.times(2)).abs().lte(0.01)).toBe(true);
      }),
    );
  });

  it('more fees never give more P&L', () => {
    fc.assert(
      fc.property(trade, decimal(0, 1_000_000), fc.constantFrom('long', 'short'), (t, extra, direction) => {
        const base = calculateTrade(figures(t, direction), rates);
        const dearer = calculateTrade(
          { ...figures(t, direction), fees: Number(t.fees) + Number(extra) },
          rates,
        );
        expect(dearer.pnlUsd.lte(base.pnlUsd)).toBe(true);
        expect(dearer.pnlIls.lte(base.pnlIls)).toBe(true);
      }),
    );
  });

  it('scaling the size (and the fees with it) scales P&L but leaves R unchanged', () => {
    fc.assert(
      fc.property(trade, fc.integer({ min: 2, max: 50 }), (t, k) => {
        const base = figures(t, 'long');
        const stopPrice = (Number(t.entryPrice) * 0.9).toFixed(4);
        const one = calculateTrade({ ...base, stopPrice }, rates);
        const scaled = calculateTrade(
          {
            ...base,
            stopPrice,
            positionSize: (Number(t.positionSize) * k).toFixed(4),
            fees: (Number(t.fees) * k).toFixed(4),
          },
          rates,
        );
        expect(scaled.rMultiple?.toFixed(4)).toBe(one.rMultiple?.toFixed(4));
        // Each side is rounded to cents, so the scaled P&L may differ from k × P&L by at most k/2 cents + 1/2 cent.
        expect(
          scaled.pnlUsd
            .minus(one.pnlUsd.times(k))
            .abs()
            .lte((k + 1) * 0.005),
        ).toBe(true);
      }),
    );
  });

  it('R is null exactly when there is no stop or the stop equals entry', () => {
    const stop = fc.option(fc.constantFrom('none', 'at-entry', 'below'), { nil: undefined });
    fc.assert(
      fc.property(trade, stop, (t, kind) => {
        const stopPrice =
          kind === 'at-entry'
            ? t.entryPrice
            : kind === 'below'
              ? (Number(t.entryPrice) / 2).toFixed(4)
              : null;
        const result = calculateTrade({ ...figures(t, 'long'), stopPrice }, rates);
        expect(result.rMultiple === null).toBe(kind !== 'below');
        expect(result.initialRiskUsd === null).toBe(kind !== 'below');
      }),
    );
  });
});
