import { VALIDATION_MESSAGES } from '@yoman/contracts/constants';
import { DateTime } from 'luxon';
import { HE_DATE_TIME_FORMAT, heDateTimeOfIso, parseHeDateTime } from '../date-time/he-date-time';

// The add-trade form's values as the inputs hold them (text), and the rules of spec §4 and §5.

export type AssetTypeValue = 'crypto' | 'stocks' | 'forex' | 'futures';
export type DirectionValue = 'long' | 'short';
export type SessionValue = 'asia' | 'london' | 'new_york';
export type SetupValue = 'breakout' | 'pullback' | 'support' | 'pattern' | 'news' | 'other';

export type TradeForm = {
  assetType: AssetTypeValue;
  symbol: string;
  direction: DirectionValue;
  entryPrice: string;
  exitPrice: string;
  stopPrice: string;
  positionSize: string;
  fees: string;
  session: SessionValue;
  setup: SetupValue;
  /** One of the student's active library setups; '' for none. */
  setupId: string;
  /** The product's date-time text ('dd.MM.yyyy HH:mm') in the display time zone. */
  entryTime: string;
  exitTime: string;
  notes: string;
  /** USD per point, asked for only when the server does not know the futures root. */
  pointValue: string;
};

export type TradeFormField = keyof TradeForm;

/** Fields that must be filled, each answered with 'שדה חובה' (spec §5). */
export const REQUIRED_FIELDS = [
  'symbol',
  'entryPrice',
  'exitPrice',
  'positionSize',
  'entryTime',
  'exitTime',
] as const satisfies readonly TradeFormField[];

export const REQUIRED_MESSAGE = 'שדה חובה';

/** A fresh form with the spec's defaults: crypto, long, asia, breakout, fees 0. */
export function emptyTradeForm(): TradeForm {
  return {
    assetType: 'crypto',
    symbol: '',
    direction: 'long',
    entryPrice: '',
    exitPrice: '',
    stopPrice: '',
    positionSize: '',
    fees: '0',
    session: 'asia',
    setup: 'breakout',
    setupId: '',
    entryTime: '',
    exitTime: '',
    notes: '',
    pointValue: '',
  };
}

/**
 * A form opened from a calendar day: exit on that day at the current time of day (never later than now),
 * entry one hour earlier (spec §4).
 */
export function tradeFormForDay(isoDate: string, zone: string, now: Date = new Date()): TradeForm {
  const current = DateTime.fromJSDate(now, { zone }).startOf('minute');
  const onDay = DateTime.fromISO(isoDate, { zone }).set({ hour: current.hour, minute: current.minute });
  const exit = DateTime.min(onDay, current);
  return {
    ...emptyTradeForm(),
    exitTime: exit.toFormat(HE_DATE_TIME_FORMAT),
    entryTime: exit.minus({ hours: 1 }).toFormat(HE_DATE_TIME_FORMAT),
  };
}

/** An ISO timestamp shown as the date-time field's text in the display zone. */
export function localInputOf(isoTimestamp: string, zone: string): string {
  return heDateTimeOfIso(isoTimestamp, zone);
}

/** A date-time field's text in the display zone as a UTC ISO timestamp; null when empty, partial or invalid. */
export function timestampOf(localInput: string, zone: string): string | null {
  return parseHeDateTime(localInput, zone)?.toUTC().toISO() ?? null;
}

/** 'שדה חובה' for every empty required field. */
export function requiredErrors(form: TradeForm): Partial<Record<TradeFormField, string>> {
  const errors: Partial<Record<TradeFormField, string>> = {};
  for (const field of REQUIRED_FIELDS) {
    if (form[field].trim() === '') errors[field] = REQUIRED_MESSAGE;
  }
  return errors;
}

const DATE_TIME_FIELDS = ['entryTime', 'exitTime'] as const satisfies readonly TradeFormField[];

/** The required-field messages, and 'תאריך ושעה לא תקינים' for a time that is not a real dd.MM.yyyy HH:mm. */
export function formErrors(form: TradeForm, zone: string): Partial<Record<TradeFormField, string>> {
  const errors = requiredErrors(form);
  for (const field of DATE_TIME_FIELDS) {
    if (!errors[field] && timestampOf(form[field], zone) === null) {
      errors[field] = VALIDATION_MESSAGES.invalidDateTime;
    }
  }
  return errors;
}

function isNumber(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text));
}

/** The calculation runs only when entry price, exit price and position size are all filled (spec §4). */
export function canCalculate(form: TradeForm): boolean {
  return isNumber(form.entryPrice) && isNumber(form.exitPrice) && isNumber(form.positionSize);
}

/**
 * What the calculation depends on. A change of any of these re-runs it: the three amounts, and stop, fees,
 * direction and asset type (spec §4), plus the symbol, point value and exit time that pick the instrument and
 * the day's USD/ILS rate.
 */
export function calculationKey(form: TradeForm): string {
  return JSON.stringify([
    form.entryPrice.trim(),
    form.exitPrice.trim(),
    form.positionSize.trim(),
    form.stopPrice.trim(),
    form.fees.trim(),
    form.direction,
    form.assetType,
    form.symbol.trim().toUpperCase(),
    form.pointValue.trim(),
    form.exitTime,
  ]);
}

/** A symbol trimmed and upper-cased as the trade is saved (spec §3). */
export function normalisedSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}
