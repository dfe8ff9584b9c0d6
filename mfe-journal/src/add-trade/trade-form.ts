import { DateTime } from 'luxon';

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
  /** datetime-local text ('yyyy-MM-ddTHH:mm') in the display time zone. */
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

const LOCAL_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

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
    exitTime: exit.toFormat(LOCAL_INPUT_FORMAT),
    entryTime: exit.minus({ hours: 1 }).toFormat(LOCAL_INPUT_FORMAT),
  };
}

/** An ISO timestamp shown in a datetime-local input of the display zone. */
export function localInputOf(isoTimestamp: string, zone: string): string {
  return DateTime.fromISO(isoTimestamp, { zone: 'utc' }).setZone(zone).toFormat(LOCAL_INPUT_FORMAT);
}

/** A datetime-local input's text in the display zone as a UTC ISO timestamp; null when empty or invalid. */
export function timestampOf(localInput: string, zone: string): string | null {
  if (localInput.trim() === '') return null;
  const d = DateTime.fromISO(localInput, { zone });
  return d.isValid ? d.toUTC().toISO() : null;
}

/** 'שדה חובה' for every empty required field. */
export function requiredErrors(form: TradeForm): Partial<Record<TradeFormField, string>> {
  const errors: Partial<Record<TradeFormField, string>> = {};
  for (const field of REQUIRED_FIELDS) {
    if (form[field].trim() === '') errors[field] = REQUIRED_MESSAGE;
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
