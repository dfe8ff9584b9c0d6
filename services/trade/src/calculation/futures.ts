import { DomainError } from '@yoman/platform';
import { Money, type NumberInput, positive, readDecimal } from './numbers';

/** USD per 1.0 price unit of each contract root (domain/facts.md, CME/CBOT/NYMEX/COMEX specs). */
export const FUTURES_POINT_VALUES: Readonly<Record<string, string>> = {
  ES: '50',
  MES: '5',
  NQ: '20',
  MNQ: '2',
  YM: '5',
  MYM: '0.5',
  RTY: '50',
  M2K: '5',
  CL: '1000',
  MCL: '100',
  GC: '100',
  MGC: '10',
  SI: '5000',
  NG: '10000',
  ZB: '1000',
  ZN: '1000',
  '6E': '125000',
  '6J': '12500000',
  '6B': '62500',
  BTC: '5',
  MBT: '0.1',
};

/** Futures month codes, January to December. */
export const FUTURES_MONTH_CODES = 'FGHJKMNQUVXZ';

// Treasury futures quote prices in 32nds of a point (110'16 = 110 + 16/32).
const THIRTY_SECONDS_ROOTS = new Set(['ZB', 'ZN']);

const isKnownRoot = (root: string): boolean => Object.hasOwn(FUTURES_POINT_VALUES, root);

/** The contract root of a futures symbol: ESZ6 and ESZ26 → ES, 6EM6 → 6E; a symbol without a month is its own root. */
export function futuresRootOf(symbol: string): string {
  if (isKnownRoot(symbol)) return symbol;
  const withMonth = new RegExp(`^(.+)[${FUTURES_MONTH_CODES}]\\d{1,2}$`).exec(symbol);
  return withMonth ? (withMonth[1] as string) : symbol;
}

/** The point value of a futures root: the table's, else the explicit one the request carries, else a 422. */
export function pointValueOf(root: string, explicit: NumberInput | null | undefined): Money {
  const known = FUTURES_POINT_VALUES[root];
  if (known !== undefined) return new Money(known);
  if (explicit === undefined || explicit === null || explicit === '') {
    throw DomainError.ruleBroken(
      'UNKNOWN_FUTURES_ROOT',
      `חוזה עתידי לא מוכר (${root}): יש להזין שווי נקודה (pointValue) בדולרים`,
      'pointValue',
    );
  }
  return positive(explicit, 'pointValue', 'INVALID_POINT_VALUE', 'שווי הנקודה חייב להיות מספר חיובי');
}

/** Reads a futures price; Treasury roots also accept 32nds quotes (110'16, or 110'165 for 16.5/32). */
export function readFuturesPrice(root: string, value: NumberInput, field: string): Money | undefined {
  if (typeof value === 'string' && value.includes("'")) {
    if (!THIRTY_SECONDS_ROOTS.has(root)) return undefined;
    return readThirtySeconds(value.trim(), field);
  }
  return readDecimal(value);
}

function readThirtySeconds(quote: string, field: string): Money {
  const match = /^(\d+)'(\d{2})([0257])?$/.exec(quote);
  const thirtySeconds = match ? Number(match[2]) : 32;
  if (!match || thirtySeconds > 31) {
    throw DomainError.invalidInput('INVALID_PRICE', "מחיר בשלושים-ושניים לא תקין (לדוגמה 110'16)", field);
  }
  // A third digit is the fraction of a 32nd: 2 = ¼, 5 = ½, 7 = ¾.
  const fraction = { '0': '0', '2': '0.25', '5': '0.5', '7': '0.75' }[match[3] ?? '0'] as string;
  return new Money(match[1] as string).plus(new Money(thirtySeconds).plus(fraction).div(32));
}
