import { describe, expect, it } from 'vitest';
import {
  Day,
  FeesInput,
  isStorableText,
  OptionalPositiveDecimalInput,
  OptionalPriceInput,
  PositiveDecimalInput,
  PriceInput,
  queryFilter,
  requiredText,
  SafeText,
  Timestamp,
  TradeSession,
  TradeSymbol,
} from './fields';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('prices and sizes', () => {
  it('accept numbers and numeric strings and normalise them to plain decimal strings', () => {
    expect(PositiveDecimalInput.parse(65000)).toBe('65000');
    expect(PositiveDecimalInput.parse('007.5000')).toBe('7.5');
    expect(PositiveDecimalInput.parse(' 1.12345678 ')).toBe('1.12345678');
    expect(PositiveDecimalInput.parse(1e-7)).toBe('0.0000001');
    expect(PositiveDecimalInput.parse('.5')).toBe('0.5');
  });

  it('refuse zero, negatives, more than 8 decimals and text with Hebrew messages', () => {
    expect(messageOf(PositiveDecimalInput.safeParse(0))).toBe('יש להזין מספר גדול מאפס');
    expect(messageOf(PositiveDecimalInput.safeParse('-3'))).toBe('יש להזין מספר גדול מאפס');
    expect(messageOf(PositiveDecimalInput.safeParse(-0.5))).toBe('יש להזין מספר גדול מאפס');
    expect(messageOf(PositiveDecimalInput.safeParse('1.123456789'))).toBe('עד 8 ספרות אחרי הנקודה');
    expect(messageOf(PositiveDecimalInput.safeParse('abc'))).toBe('יש להזין מספר');
    expect(messageOf(PositiveDecimalInput.safeParse('1e5'))).toBe('יש להזין מספר');
    expect(messageOf(PositiveDecimalInput.safeParse('1234567890123456'))).toBe('המספר גדול מדי');
    expect(PositiveDecimalInput.safeParse(Number.NaN).success).toBe(false);
    expect(PositiveDecimalInput.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('say "שדה חובה" when missing or blank', () => {
    expect(messageOf(PositiveDecimalInput.safeParse(undefined))).toBe('שדה חובה');
    expect(messageOf(PositiveDecimalInput.safeParse(''))).toBe('שדה חובה');
  });

  it('treat a missing, null or blank stop as null', () => {
    expect(OptionalPositiveDecimalInput.parse(undefined)).toBeNull();
    expect(OptionalPositiveDecimalInput.parse(null)).toBeNull();
    expect(OptionalPositiveDecimalInput.parse(' ')).toBeNull();
    expect(OptionalPositiveDecimalInput.parse('64000.10')).toBe('64000.1');
    expect(OptionalPositiveDecimalInput.safeParse(0).success).toBe(false);
  });

  it('default fees to 0 and refuse negative fees', () => {
    expect(FeesInput.parse(undefined)).toBe('0');
    expect(FeesInput.parse('')).toBe('0');
    expect(FeesInput.parse(0)).toBe('0');
    expect(FeesInput.parse('2.50')).toBe('2.5');
    expect(messageOf(FeesInput.safeParse(-1))).toBe('יש להזין מספר שאינו שלילי');
  });
});

describe('symbols', () => {
  it('are trimmed and upper-cased', () => {
    expect(TradeSymbol.parse(' btc/usdt ')).toBe('BTC/USDT');
    expect(TradeSymbol.parse('esz6')).toBe('ESZ6');
  });

  it('refuse blanks with one required message and odd characters', () => {
    const blank = TradeSymbol.safeParse('  ');
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual(['שדה חובה']);
    expect(messageOf(TradeSymbol.safeParse('BTC USD'))).toBe('סמל לא תקין');
    expect(messageOf(TradeSymbol.safeParse('A'.repeat(21)))).toBe('סמל לא תקין');
  });
});

describe('days and timestamps', () => {
  it('accept real days only', () => {
    expect(Day.safeParse('2026-02-28').success).toBe(true);
    expect(Day.safeParse('2028-02-29').success).toBe(true);
    expect(messageOf(Day.safeParse('2026-02-30'))).toBe('תאריך לא תקין');
    expect(Day.safeParse('2026-2-3').success).toBe(false);
  });

  it('accept ISO timestamps with Z or an offset', () => {
    expect(Timestamp.safeParse('2026-03-05T14:30:00.000Z').success).toBe(true);
    expect(Timestamp.safeParse('2026-03-05T16:30:00+02:00').success).toBe(true);
    expect(messageOf(Timestamp.safeParse('yesterday'))).toBe('תאריך ושעה לא תקינים');
    expect(messageOf(Timestamp.safeParse(undefined))).toBe('שדה חובה');
  });

  it('bound days and times to 1970–9999 and offsets to ±15:59, so every calendar and database can hold them', () => {
    const outOfRange = 'התאריך מחוץ לטווח (משנת 1970 ואילך)';
    expect(Day.safeParse('1970-01-01').success).toBe(true);
    expect(Day.safeParse('9999-12-31').success).toBe(true);
    expect(messageOf(Day.safeParse('0000-06-05'))).toBe(outOfRange);
    expect(messageOf(Day.safeParse('1969-12-31'))).toBe(outOfRange);
    expect(Timestamp.safeParse('1970-01-01T00:00:00Z').success).toBe(true);
    expect(Timestamp.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
    expect(Timestamp.safeParse('2026-01-01T00:00:00-15:59').success).toBe(true);
    for (const time of [
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:00:00+00:01',
      '9999-12-31T23:59:59-00:01',
      '2026-01-01T00:00:00-16:00',
      '2026-01-01T00:00:00+23:59',
    ]) {
      expect(messageOf(Timestamp.safeParse(time)), time).toBe(outOfRange);
    }
  });
});

describe('texts', () => {
  it('refuse U+0000 and lone surrogates, and keep pairs (emoji) and control characters a database stores', () => {
    for (const text of ['a\u0000b', '\ud800', 'a\udc00b', '\ud83d\ud83d\ude00x\ud83d']) {
      expect(messageOf(SafeText.safeParse(text)), JSON.stringify(text)).toBe('הטקסט מכיל תווים שאינם תקינים');
      expect(isStorableText(text)).toBe(false);
    }
    for (const text of ['', 'שלום 📈', 'tab\tand\nnewline', '\u0001\u001f', '\ud83d\ude00']) {
      expect(SafeText.parse(text)).toBe(text);
    }
    expect(requiredText(5).safeParse('a\u0000').success).toBe(false);
  });
});

describe('query filters', () => {
  it("read '' and 'all' as no filter and refuse unknown values", () => {
    const filter = queryFilter(TradeSession);
    expect(filter.parse('all')).toBeUndefined();
    expect(filter.parse('')).toBeUndefined();
    expect(filter.parse(undefined)).toBeUndefined();
    expect(filter.parse('london')).toBe('london');
    expect(filter.safeParse('tokyo').success).toBe(false);
  });
});

describe('prices', () => {
  it('accepts decimals like any positive amount, and Treasury 32nds quotes as written', () => {
    expect(PriceInput.parse('007.50')).toBe('7.5');
    expect(PriceInput.parse(" 110'16 ")).toBe("110'16");
    expect(PriceInput.parse("110'165")).toBe("110'165");
    expect(OptionalPriceInput.parse("109'16")).toBe("109'16");
    expect(OptionalPriceInput.parse('')).toBeNull();
  });

  it('refuses a malformed quote, zero and negatives', () => {
    for (const bad of ["110'1", "110'163", "'16", '0', '-1', 'abc']) {
      expect(PriceInput.safeParse(bad).success, bad).toBe(false);
    }
    expect(OptionalPriceInput.safeParse("110'1").success).toBe(false);
    expect(messageOf(PriceInput.safeParse('0'))).toBe(messageOf(PositiveDecimalInput.safeParse('0')));
  });
});
