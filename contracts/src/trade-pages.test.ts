import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTradesCursor, encodeTradesCursor, TradesPageCursor, TradesPageLimit } from './trade-pages';

const cursorArbitrary = fc.record({
  exitTime: fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2999-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .chain((date) =>
      fc
        .integer({ min: 0, max: 999 })
        .map((micros) => date.toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`)),
    ),
  id: fc.uuid(),
});

describe('trades cursor', () => {
  it('decodes what it encodes, to the microsecond', () => {
    fc.assert(
      fc.property(cursorArbitrary, (cursor) => {
        const text = encodeTradesCursor(cursor);
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeTradesCursor(text)).toEqual(cursor);
      }),
    );
  });

  it('refuses any text it did not write, without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const decoded = decodeTradesCursor(text);
        if (decoded) expect(encodeTradesCursor(decoded)).toBe(text);
      }),
    );
    expect(decodeTradesCursor(btoa('2026-03-01T00:00:00.000000Z|not-a-uuid'))).toBeUndefined();
    expect(
      decodeTradesCursor(btoa('2026-13-45T00:00:00.000000Z|7c1d2e3f-4a5b-4c6d-8e7f-901234567890')),
    ).toBeUndefined();
    expect(TradesPageCursor.safeParse('%%%').success).toBe(false);
  });

  it('a page holds 1 to 200 rows, written in digits', () => {
    expect(TradesPageLimit.parse('1')).toBe(1);
    expect(TradesPageLimit.parse('200')).toBe(200);
    for (const bad of ['0', '201', '1e2', ' 5', '5.0', '-1', '']) {
      expect(TradesPageLimit.safeParse(bad).success).toBe(false);
    }
  });
});
