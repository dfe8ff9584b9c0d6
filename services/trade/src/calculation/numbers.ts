import { DomainError } from '@yoman/platform';
import Decimal from 'decimal.js';

/** A number as a client may send it: a JSON number or a decimal string. */
export type NumberInput = number | string;

// One Decimal flavour for money: ties round away from zero, so long and short round symmetrically.
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

const plainDecimal = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Reads a client number strictly (no NaN, no Infinity, no hex); undefined when it is not a number. */
export function readDecimal(value: NumberInput): Money | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Money(value) : undefined;
  const text = value.trim();
  return plainDecimal.test(text) ? new Money(text) : undefined;
}

/** A strictly positive number or an error naming the field. */
export function positive(value: NumberInput, field: string, code: string, message: string): Money {
  const number = readDecimal(value);
  if (!number || number.lte(0)) throw DomainError.invalidInput(code, message, field);
  return number;
}

export const roundMoney = (value: Money): Money => value.toDecimalPlaces(2);
export const roundR = (value: Money): Money => value.toDecimalPlaces(4);
