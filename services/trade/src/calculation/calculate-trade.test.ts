import { describe, expect, it } from 'vitest';
import { calculateTrade } from './calculate-trade';
import { errorCodeOf, figuresOf, rates } from './calculation-fixtures';

describe('crypto and stocks: P&L is the price move times the size', () => {
  it('a long crypto trade: (61000 − 60000) × 0.5 − 10 fees = 490 USD, risk 500, R 0.98', () => {
    const result = calculateTrade(
      {
        assetType: 'crypto',
        direction: 'long',
        symbol: ' btcusdt ',
        entryPrice: 60000,
        exitPrice: '61000',
        stopPrice: 59000,
        positionSize: '0.5',
        fees: 10,
      },
      rates,
    );
    expect(figuresOf(result)).toEqual({
      symbol: 'BTCUSDT',
      pnlUsd: '490.00',
      pnlIls: '1813.00',
      rMultiple: '0.9800',
    });
    expect(result.initialRiskUsd?.toFixed(2)).toBe('500.00');
    expect(result.grossPnlUsd.toFixed(2)).toBe('500.00');
  });

  it('a short stock trade: −(190 − 200) × 100 − 2 = 998 USD, risk 5 × 100 = 500, R 1.996', () => {
    const result = calculateTrade(
      {
        assetType: 'stocks',
        direction: 'short',
        symbol: 'aapl',
        entryPrice: 200,
        exitPrice: 190,
        stopPrice: 205,
        positionSize: 100,
        fees: 2,
      },
      { usdToIls: '3.65' },
    );
    expect(figuresOf(result)).toEqual({
      symbol: 'AAPL',
      pnlUsd: '998.00',
      pnlIls: '3642.70',
      rMultiple: '1.9960',
    });
  });

  it('a losing long with fees loses the fees on top of the move', () => {
    const result = calculateTrade(
      {
        assetType: 'stocks',
        direction: 'long',
        symbol: 'TSLA',
        entryPrice: 250,
        exitPrice: 245,
        stopPrice: 240,
        positionSize: 10,
        fees: 1,
      },
      rates,
    );
    expect(figuresOf(result)).toMatchObject({ pnlUsd: '-51.00', rMultiple: '-0.5100' });
  });
});

describe('forex: lots of 100,000 in the quote currency, then to USD', () => {
  it('XXXUSD needs no conversion: EUR/USD 1.1000 → 1.1050, one lot = 500 USD, R 1', () => {
    const result = calculateTrade(
      {
        assetType: 'forex',
        direction: 'long',
        symbol: 'eur/usd ',
        entryPrice: '1.1000',
        exitPrice: '1.1050',
        stopPrice: '1.0950',
        positionSize: 1,
      },
      rates,
    );
    expect(figuresOf(result)).toEqual({
      symbol: 'EURUSD',
      pnlUsd: '500.00',
      pnlIls: '1850.00',
      rMultiple: '1.0000',
    });
  });

  it('USDXXX divides by the exit price: USDJPY 150 → 151 is 100,000 JPY ÷ 151 = 662.25 USD', () => {
    const result = calculateTrade(
      {
        assetType: 'forex',
        direction: 'long',
        symbol: 'USDJPY',
        entryPrice: 150,
        exitPrice: 151,
        stopPrice: '149.5',
        positionSize: 1,
      },
      rates,
    );
    expect(figuresOf(result)).toMatchObject({ pnlUsd: '662.25', rMultiple: '2.0000' });
    expect(result.initialRiskUsd?.toFixed(2)).toBe('331.13');
  });

  it('a cross is converted with the quote currency USD rate: EURGBP +0.01 × 0.1 lot = 100 GBP × 1.27', () => {
    const result = calculateTrade(
      {
        assetType: 'forex',
        direction: 'long',
        symbol: 'EURGBP',
        entryPrice: '0.85',
        exitPrice: '0.86',
        positionSize: '0.1',
      },
      { usdToIls: '3.7', quoteCurrencyUsd: '1.27' },
    );
    expect(figuresOf(result)).toMatchObject({ pnlUsd: '127.00', rMultiple: null });
  });

  it('an ILS-quoted cross uses the USD/ILS rate itself', () => {
    const result = calculateTrade(
      {
        assetType: 'forex',
        direction: 'short',
        symbol: 'EURILS',
        entryPrice: '4.00',
        exitPrice: '3.963',
        positionSize: '0.1',
      },
      { usdToIls: '3.7' },
    );
    // 0.037 × 10,000 = 370 ILS ÷ 3.7 = 100 USD, back to 370 ILS.
    expect(figuresOf(result)).toMatchObject({ pnlUsd: '100.00', pnlIls: '370.00' });
  });

  it('a cross without its quote rate is refused with QUOTE_RATE_UNKNOWN', () => {
    expect(
      errorCodeOf({
        assetType: 'forex',
        direction: 'long',
        symbol: 'EURGBP',
        entryPrice: 1,
        exitPrice: 1.1,
        positionSize: 1,
      }),
    ).toBe('rule_broken:QUOTE_RATE_UNKNOWN');
  });

  it.each(['EURUS', 'EUR/USDX', 'EUR-USD', '123456', 'EUREUR', ''])(
    'a malformed forex symbol %j is INVALID_SYMBOL',
    (symbol) => {
      expect(
        errorCodeOf({
          assetType: 'forex',
          direction: 'long',
          symbol,
          entryPrice: 1,
          exitPrice: 1.1,
          positionSize: 1,
        }),
      ).toBe('invalid_input:INVALID_SYMBOL');
    },
  );
});

describe('R-multiple and input rules', () => {
  const long = {
    assetType: 'stocks',
    direction: 'long',
    symbol: 'SPY',
    entryPrice: 100,
    exitPrice: 110,
    positionSize: 1,
  } as const;

  it('R is null without a stop and with the stop at entry', () => {
    expect(calculateTrade(long, rates).rMultiple).toBeNull();
    expect(calculateTrade({ ...long, stopPrice: null }, rates).rMultiple).toBeNull();
    expect(calculateTrade({ ...long, stopPrice: 100 }, rates).rMultiple).toBeNull();
  });

  it('a stop on the wrong side of entry is STOP_WRONG_SIDE, for a long and for a short', () => {
    expect(errorCodeOf({ ...long, stopPrice: 101 })).toBe('invalid_input:STOP_WRONG_SIDE');
    expect(errorCodeOf({ ...long, direction: 'short', stopPrice: 99 })).toBe('invalid_input:STOP_WRONG_SIDE');
  });

  it('R keeps 4 decimals: 10 ÷ 3 = 3.3333', () => {
    expect(calculateTrade({ ...long, stopPrice: 97 }, rates).rMultiple?.toFixed(4)).toBe('3.3333');
  });

  it.each([
    [{ entryPrice: 0 }, 'INVALID_PRICE'],
    [{ exitPrice: -5 }, 'INVALID_PRICE'],
    [{ exitPrice: 'abc' }, 'INVALID_PRICE'],
    [{ stopPrice: 0 }, 'INVALID_PRICE'],
    [{ positionSize: 0 }, 'INVALID_SIZE'],
    [{ positionSize: '-1' }, 'INVALID_SIZE'],
    [{ fees: -1 }, 'INVALID_FEES'],
    [{ symbol: '  ' }, 'INVALID_SYMBOL'],
  ])('%j is refused with %s', (change, code) => {
    expect(errorCodeOf({ ...long, ...change })).toBe(`invalid_input:${code}`);
  });

  it('a non-positive USD/ILS rate is refused', () => {
    expect(errorCodeOf(long, { usdToIls: '0' })).toBe('invalid_input:INVALID_RATE');
  });
});
