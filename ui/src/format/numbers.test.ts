import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatIls,
  formatIlsWhole,
  formatMoney,
  formatPercent,
  formatPrice,
  formatR,
  formatUsd,
} from './numbers';

const NBSP = '\u00a0';

describe('formatIls', () => {
  it('shows the shekel sign with 2 decimals and he-IL grouping', () => {
    expect(formatIls(1234.5)).toBe(`1,234.50${NBSP}₪`);
    expect(formatIls(0)).toBe(`0.00${NBSP}₪`);
  });

  it('uses the one minus sign and never shows a negative zero', () => {
    expect(formatIls(-80)).toBe(`−80.00${NBSP}₪`);
    expect(formatIls(-0)).toBe(`0.00${NBSP}₪`);
    expect(formatIls(-0.001)).toBe(`0.00${NBSP}₪`);
  });

  it('rounds decimal strings exactly, even beyond double precision', () => {
    expect(formatIls('10.005')).toBe(`10.01${NBSP}₪`);
    expect(formatIls('123456789012345678901.255')).toBe(`123,456,789,012,345,678,901.26${NBSP}₪`);
  });

  it('shows a dash for missing or unparsable values', () => {
    expect(formatIls(null)).toBe('—');
    expect(formatIls(undefined)).toBe('—');
    expect(formatIls('abc')).toBe('—');
    expect(formatIls('')).toBe('—');
    expect(formatIls(Number.NaN)).toBe('—');
    expect(formatIls(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('carries no bidi marks (the UI isolates figures itself)', () => {
    expect(formatIls(-5)).not.toMatch(/[\u200e\u200f]/);
  });
});

describe('formatIlsWhole', () => {
  it('rounds to whole shekels for the monthly KPI', () => {
    expect(formatIlsWhole(1234.5)).toBe(`1,235${NBSP}₪`);
    expect(formatIlsWhole('-1234567.5')).toBe(`−1,234,568${NBSP}₪`);
    expect(formatIlsWhole(-0.4)).toBe(`0${NBSP}₪`);
  });
});

describe('formatUsd and formatMoney', () => {
  it('show dollars and other chosen currencies with 2 decimals', () => {
    expect(formatUsd(1234.5)).toBe(`1,234.50${NBSP}$`);
    expect(formatUsd('-2.5')).toBe(`−2.50${NBSP}$`);
    expect(formatMoney(3, 'EUR')).toBe(`3.00${NBSP}€`);
    expect(formatMoney(3, 'ILS')).toBe(formatIls(3));
  });
});

describe('formatR', () => {
  it('always carries the sign and 2 decimals', () => {
    expect(formatR(1.25)).toBe('+1.25R');
    expect(formatR(-0.8)).toBe('−0.80R');
    expect(formatR('2')).toBe('+2.00R');
    expect(formatR('-0.805')).toBe('−0.81R');
  });

  it('shows zero, negative zero and values rounding to zero unsigned', () => {
    expect(formatR(0)).toBe('0.00R');
    expect(formatR(-0)).toBe('0.00R');
    expect(formatR('-0.001')).toBe('0.00R');
  });

  it('groups huge values and shows a dash for null', () => {
    expect(formatR(12345.678)).toBe('+12,345.68R');
    expect(formatR(null)).toBe('—');
    expect(formatR('1.2.3')).toBe('—');
  });

  it('takes fewer digits for the monthly net R', () => {
    expect(formatR(3.46, 1)).toBe('+3.5R');
  });
});

describe('formatPercent', () => {
  it('shows 1 decimal of a value given in percent', () => {
    expect(formatPercent(55.55)).toBe('55.6%');
    expect(formatPercent(50)).toBe('50.0%');
    expect(formatPercent(-3.21)).toBe('−3.2%');
    expect(formatPercent(null)).toBe('—');
  });

  it('signs changes when asked', () => {
    expect(formatPercent(4.25, { signed: true })).toBe('+4.3%');
    expect(formatPercent(0, { signed: true })).toBe('0.0%');
    expect(formatPercent(-1, { signed: true })).toBe('−1.0%');
  });
});

describe('formatPrice', () => {
  it('keeps up to 8 decimals without trailing zeros', () => {
    expect(formatPrice(1.08345)).toBe('1.08345');
    expect(formatPrice('1.08345000')).toBe('1.08345');
    expect(formatPrice(4500)).toBe('4,500');
    expect(formatPrice('0.123456789')).toBe('0.12345679');
    expect(formatPrice('0.000000001')).toBe('0');
    expect(formatPrice(-0)).toBe('0');
    expect(formatPrice(null)).toBe('—');
  });
});

describe('formatCount', () => {
  it('groups whole counts', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(undefined)).toBe('—');
  });
});
