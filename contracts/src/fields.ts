import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  ASSET_TYPES,
  DIRECTIONS,
  SETUP_TYPES,
  TRADE_RESULTS,
  TRADE_SESSIONS,
  TRUST_LEVELS,
} from './constants';
import { VALIDATION_MESSAGES as M } from './constants/messages';
import { IDEMPOTENCY_KEY_HEADER } from './constants/saving';

/** A zod error option that says 'שדה חובה' when the value is missing and `otherwise` when it is wrong. */
export function requiredOr(otherwise: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? M.required : otherwise);
}

export const AssetType = z.enum(ASSET_TYPES, { error: requiredOr(M.invalidChoice) });
export type AssetType = z.infer<typeof AssetType>;
export const Direction = z.enum(DIRECTIONS, { error: requiredOr(M.invalidChoice) });
export type Direction = z.infer<typeof Direction>;
export const TradeSession = z.enum(TRADE_SESSIONS, { error: requiredOr(M.invalidChoice) });
export type TradeSession = z.infer<typeof TradeSession>;
export const SetupType = z.enum(SETUP_TYPES, { error: requiredOr(M.invalidChoice) });
export type SetupType = z.infer<typeof SetupType>;
export const TrustLevel = z.enum(TRUST_LEVELS, { error: M.invalidChoice });
export type TrustLevel = z.infer<typeof TrustLevel>;
export const TradeResult = z.enum(TRADE_RESULTS, { error: M.invalidChoice });
export type TradeResult = z.infer<typeof TradeResult>;

/** Id of a stored entity (trade, setup, notification, league, user). */
export const EntityId = z.uuid({ error: M.invalidId });
export const IdParams = z.object({ id: EntityId });
export type IdParams = z.infer<typeof IdParams>;

/**
 * An idempotency key (IDEMPOTENCY_KEY_HEADER): 16–128 letters, digits, `-` or `_`; a UUID will do. It names one
 * intended new thing (a trade, an account): sent again with the same body, as after an answer lost or a 503 whose
 * write was stored anyway, the request answers what the key created instead of creating a second; with another
 * body it is refused (422).
 */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: M.invalidIdempotencyKey });
/** The headers of a call that takes an idempotency key (optional); every other header passes as it is. */
export const IdempotencyKeyHeaders = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional() });
export type IdempotencyKeyHeaders = z.infer<typeof IdempotencyKeyHeaders>;

/** The first day a date may name: the Unix epoch. */
export const EARLIEST_DAY = '1970-01-01';
/** The last day a date may name: the last of ISO-8601's four-digit years, as PostgreSQL and JavaScript write it. */
export const LATEST_DAY = '9999-12-31';
const EARLIEST_INSTANT_MS = Date.parse(`${EARLIEST_DAY}T00:00:00Z`);
const END_OF_INSTANTS_MS = Date.parse(`${LATEST_DAY}T23:59:59.999Z`);
/** The widest UTC offset a time may carry (what PostgreSQL accepts): ±15:59. */
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

/** A day 'yyyy-MM-dd' between EARLIEST_DAY and LATEST_DAY. */
export const isDayInRange = (day: string) => day >= EARLIEST_DAY && day <= LATEST_DAY;

/** An ISO-8601 time whose offset is at most ±15:59 and whose instant in UTC lies between the first and last day. */
export function isInstantInRange(text: string): boolean {
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (offset && Number(offset[2]) * 60 + Number(offset[3]) > MAX_OFFSET_MINUTES) return false;
  const instant = Date.parse(text);
  return instant >= EARLIEST_INSTANT_MS && instant <= END_OF_INSTANTS_MS;
}

/** A calendar day, 'yyyy-MM-dd', that exists, from 1970-01-01 to 9999-12-31. */
export const Day = z
  .string({ error: requiredOr(M.invalidDate) })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalidDate)
  .refine((text) => DateTime.fromISO(text).isValid, M.invalidDate)
  .refine(isDayInRange, M.dateOutOfRange);

/**
 * An ISO-8601 timestamp with Z or an offset, e.g. '2026-03-05T14:30:00.000Z', from 1970 on, with an offset of
 * at most ±15:59. A time that must not be in the future is checked against the server's clock by its command.
 */
export const Timestamp = z.iso
  .datetime({ offset: true, error: requiredOr(M.invalidDateTime) })
  .refine(isInstantInRange, M.dateOutOfRange);

// Half of a UTF-16 surrogate pair without its other half: no UTF-8 text can hold it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a database can store as sent: no U+0000 and no lone surrogate. */
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Any text a client sends: refused with a Hebrew message when it holds a character no database can store. */
export const SafeText = z
  .string({ error: requiredOr(M.tooLong) })
  .refine(isStorableText, M.invalidCharacters);

/** A decimal number sent as a string, as Postgres numeric and decimal.js give it: '-12.5', '0.00001'. */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Percent 0–100 (win rate, trust score, progress capped elsewhere). */
export const Percent = z.number().min(0).max(100);
export const Count = z.number().int().min(0);

const MAX_INTEGER_DIGITS = 15;
const MAX_FRACTION_DIGITS = 8;

/** A number's plain decimal text, without exponent notation ('1e-7' → '0.0000001'). */
function plainNumberText(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, lead, rest = '', power] = exponent;
  const digits = lead + rest;
  const shift = Number(power);
  if (shift < 0) return `${sign}0.${'0'.repeat(-shift - 1)}${digits}`;
  return sign + digits.padEnd(shift + 1, '0');
}

type DecimalCheck = { ok: true; text: string } | { ok: false; message: string };

/** Checks and normalises a non-negative decimal: no leading or trailing zeros, at most 8 decimals. */
function canonicalDecimal(raw: number | string, negativeMessage: string): DecimalCheck {
  const text = typeof raw === 'number' ? plainNumberText(raw) : raw.trim();
  if (text === '') return { ok: false, message: M.required };
  if (/^-\d*\.?\d/.test(text)) return { ok: false, message: negativeMessage };
  const parts = /^\+?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^\+?()\.(\d+)$/.exec(text);
  if (!parts) return { ok: false, message: M.invalidNumber };
  const integer = parts[1].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (parts[2] ?? '').replace(/0+$/, '');
  if (fraction.length > MAX_FRACTION_DIGITS) return { ok: false, message: M.tooManyDecimals };
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, message: M.numberTooLarge };
  return { ok: true, text: fraction ? `${integer}.${fraction}` : integer };
}

function decimalInput(options: { allowZero: boolean }) {
  const negativeMessage = options.allowZero ? M.nonNegativeNumber : M.positiveNumber;
  return z.union([z.number(), z.string()], { error: requiredOr(M.invalidNumber) }).transform((raw, ctx) => {
    const checked = canonicalDecimal(raw, negativeMessage);
    if (!checked.ok) {
      ctx.issues.push({ code: 'custom', message: checked.message, input: raw });
      return z.NEVER;
    }
    if (!options.allowZero && checked.text === '0') {
      ctx.issues.push({ code: 'custom', message: M.positiveNumber, input: raw });
      return z.NEVER;
    }
    return checked.text;
  });
}

/** A price or size: a number or numeric string above zero with up to 8 decimals, normalised to a string. */
export const PositiveDecimalInput = decimalInput({ allowZero: false });
/** Like PositiveDecimalInput but zero is allowed (fees). */
export const NonNegativeDecimalInput = decimalInput({ allowZero: true });

/** An optional positive decimal (stop price): missing, null or '' all mean null. */
export const OptionalPositiveDecimalInput = z
  .union([z.number(), z.string(), z.null()], { error: M.invalidNumber })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
    const checked = canonicalDecimal(raw, M.positiveNumber);
    if (checked.ok && checked.text !== '0') return checked.text;
    ctx.issues.push({ code: 'custom', message: checked.ok ? M.positiveNumber : checked.message, input: raw });
    return z.NEVER;
  });

// Treasury futures quote in 32nds of a point (110'16 = 110.5; a third digit 2/5/7 is ¼, ½, ¾ of a 32nd).
const THIRTY_SECONDS_QUOTE = /^\d+'\d{2}[0257]?$/;

/** A price: a positive decimal like PositiveDecimalInput, or a 32nds quote kept as written for the engine to read. */
export const PriceInput = z
  .union([z.number(), z.string()], { error: requiredOr(M.invalidNumber) })
  .transform((raw, ctx) => {
    if (typeof raw === 'string' && THIRTY_SECONDS_QUOTE.test(raw.trim())) return raw.trim();
    // Anything else is a decimal price, refused with the decimal field's own Hebrew messages.
    const parsed = PositiveDecimalInput.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.issues.push({ code: 'custom', message: issue.message, input: raw });
    return z.NEVER;
  });

/** An optional price (stop): missing, null or '' mean null; otherwise as PriceInput. */
export const OptionalPriceInput = z
  .union([z.number(), z.string(), z.null()], { error: M.invalidNumber })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
    const parsed = PriceInput.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.issues.push({ code: 'custom', message: issue.message, input: raw });
    return z.NEVER;
  });

/** Fees in USD: a non-negative decimal; missing, null or '' mean '0'. */
export const FeesInput = z
  .union([z.number(), z.string(), z.null()], { error: M.invalidNumber })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return '0';
    const checked = canonicalDecimal(raw, M.nonNegativeNumber);
    if (checked.ok) return checked.text;
    ctx.issues.push({ code: 'custom', message: checked.message, input: raw });
    return z.NEVER;
  });

/** A trading symbol, trimmed and upper-cased: 'btc/usdt ' → 'BTC/USDT'. */
export const TradeSymbol = z
  .string({ error: requiredOr(M.invalidSymbol) })
  .trim()
  .toUpperCase()
  .min(1, M.required)
  .max(20, M.invalidSymbol)
  .regex(/^([A-Z0-9][A-Z0-9./:_!-]*)?$/, M.invalidSymbol);

/** A short text a person typed, trimmed, with a Hebrew message when too long. */
export function personText(maxLength: number) {
  return SafeText.trim().max(maxLength, M.tooLong);
}

/** A required short text: missing or blank gives 'שדה חובה'. */
export function requiredText(maxLength: number) {
  return personText(maxLength).min(1, M.required);
}

/** A query-string value where '' and 'all' mean "no filter". */
export function queryFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());
}
