import { LOCALE, MINUS, MISSING } from './locale';

/** A figure as the API sends it: a number, a decimal string (money and R travel as strings), or nothing. */
export type Figure = number | string | null | undefined;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

type IntlDecimal = number | `${number}`;

/**
 * Validates a figure and keeps decimal strings as strings, so Intl rounds them exactly
 * (a huge money amount never passes through a lossy double).
 */
function decimalOf(value: Figure): IntlDecimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? (trimmed as `${number}`) : null;
}

// Intl adds bidi marks and a hyphen-minus that differ between ICU versions; the UI isolates numbers with
// <Num> instead, so figures are cleaned to one stable form.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

function cleaned(text: string): string {
  return text.replace(BIDI_MARKS, '').replace(/-/g, MINUS);
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { numberingSystem: 'latn', ...options });
    formats.set(key, format);
  }
  return format;
}

function formatWith(value: Figure, options: Intl.NumberFormatOptions): string {
  const decimal = decimalOf(value);
  if (decimal === null) return MISSING;
  return cleaned(numberFormat(options).format(decimal as number));
}

const money = (currency: string, digits: number): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency,
  minimumFractionDigits: digits,
  maximumFractionDigits: digits,
  // 'negative' leaves -0 and amounts that round to zero unsigned.
  signDisplay: 'negative',
});

/** Shekels with 2 decimals: 1234.5 → '1,234.50 ₪', -80 → '−80.00 ₪'. */
export function formatIls(value: Figure): string {
  return formatWith(value, money('ILS', 2));
}

/** Whole shekels, for the monthly KPI: 1234.5 → '1,235 ₪'. */
export function formatIlsWhole(value: Figure): string {
  return formatWith(value, money('ILS', 0));
}

/** Dollars with 2 decimals: 1234.5 → '1,234.50 $'. */
export function formatUsd(value: Figure): string {
  return formatWith(value, money('USD', 2));
}

/** An amount in the user's chosen currency (ILS, USD, EUR) with 2 decimals. */
export function formatMoney(value: Figure, currency: string): string {
  return formatWith(value, money(currency, 2));
}

/**
 * An R multiple with its sign: 1.25 → '+1.25R', -0.8 → '−0.80R', 0 and -0 → '0.00R'.
 * `digits` is 2 by default (1 for the monthly KPI).
 */
export function formatR(value: Figure, digits = 2): string {
  const text = formatWith(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  });
  return text === MISSING ? MISSING : `${text}R`;
}

/**
 * A percentage given in percent units with 1 decimal: 55.55 → '55.6%'.
 * `signed` shows '+' on gains, for changes such as the weekly change.
 */
export function formatPercent(value: Figure, { signed = false }: { signed?: boolean } = {}): string {
  const text = formatWith(value, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: signed ? 'exceptZero' : 'negative',
  });
  return text === MISSING ? MISSING : `${text}%`;
}

/** A price with up to 8 decimals and no trailing zeros: 1.0834500 → '1.08345', 4500 → '4,500'. */
export function formatPrice(value: Figure): string {
  return formatWith(value, { minimumFractionDigits: 0, maximumFractionDigits: 8, signDisplay: 'negative' });
}

/** A plain count or quantity, grouped: 12345 → '12,345'. */
export function formatCount(value: Figure, maximumFractionDigits = 0): string {
  return formatWith(value, { minimumFractionDigits: 0, maximumFractionDigits, signDisplay: 'negative' });
}
