import { DomainError } from '@yoman/platform';
import { futuresRootOf, pointValueOf, readFuturesPrice } from './futures';
import { Money, type NumberInput, positive, readDecimal, roundMoney, roundR } from './numbers';
import { readForexPair, readFuturesSymbol, readTickerSymbol } from './symbols';

export type AssetType = 'crypto' | 'stocks' | 'forex' | 'futures';
export type Direction = 'long' | 'short';

/** What a trade's figures are computed from (rules §1). */
export interface TradeFigures {
  assetType: AssetType;
  direction: Direction;
  /** Required for forex and futures; a crypto or stock calculation may go without one. */
  symbol?: string;
  entryPrice: NumberInput;
  exitPrice: NumberInput;
  stopPrice?: NumberInput | null;
  positionSize: NumberInput;
  fees?: NumberInput | null;
  /** USD per 1.0 price unit; read only for futures roots missing from the table. */
  pointValue?: NumberInput | null;
}

/** The rates a calculation is given (the engine never looks rates up itself). */
export interface CalculationRates {
  /** ILS per 1 USD on the exit date. */
  usdToIls: NumberInput;
  /** USD per 1 unit of the quote currency, needed only for forex crosses (EURGBP needs GBP→USD). */
  quoteCurrencyUsd?: NumberInput | null;
}

/** The figures the server stores for a trade, rounded: money to 2 decimals, R to 4. */
export interface TradeCalculation {
  symbol: string;
  /** The prices as read (a Treasury 32nds quote becomes its decimal value). */
  entryPrice: Money;
  exitPrice: Money;
  stopPrice: Money | null;
  grossPnlUsd: Money;
  fees: Money;
  pnlUsd: Money;
  pnlIls: Money;
  initialRiskUsd: Money | null;
  rMultiple: Money | null;
  usdToIlsRate: Money;
}

/** How a price difference becomes USD for one instrument: multiplier × conversion. */
interface Instrument {
  symbol: string;
  readPrice(value: NumberInput, field: string): Money | undefined;
  toUsd(priceDifference: Money, size: Money, exitPrice: Money): Money;
}

const FOREX_LOT = new Money(100_000);

/** Computes gross and net P&L, initial risk and R of a trade (rules §1); throws a DomainError on bad figures. */
export function calculateTrade(figures: TradeFigures, rates: CalculationRates): TradeCalculation {
  const instrument = instrumentOf(figures, rates);
  const entry = price(instrument, figures.entryPrice, 'entryPrice');
  const exit = price(instrument, figures.exitPrice, 'exitPrice');
  const size = positive(
    figures.positionSize,
    'positionSize',
    'INVALID_SIZE',
    'גודל הפוזיציה חייב להיות מספר חיובי',
  );
  const fees = feesOf(figures.fees);
  const usdToIls = positive(
    rates.usdToIls,
    'usdToIlsRate',
    'INVALID_RATE',
    'שער הדולר חייב להיות מספר חיובי',
  );
  const sign = figures.direction === 'long' ? 1 : -1;

  const grossPnlUsd = instrument.toUsd(exit.minus(entry).times(sign), size, exit);
  const pnlUsd = grossPnlUsd.minus(fees);
  const stop = stopOf(figures, instrument);
  const initialRiskUsd = initialRiskOf(figures.direction, instrument, { entry, stop, size, exit });
  return {
    symbol: instrument.symbol,
    entryPrice: entry,
    exitPrice: exit,
    stopPrice: stop,
    grossPnlUsd: roundMoney(grossPnlUsd),
    fees: roundMoney(fees),
    pnlUsd: roundMoney(pnlUsd),
    pnlIls: roundMoney(pnlUsd.times(usdToIls)),
    initialRiskUsd: initialRiskUsd && roundMoney(initialRiskUsd),
    rMultiple: initialRiskUsd && roundR(pnlUsd.div(initialRiskUsd)),
    usdToIlsRate: usdToIls,
  };
}

function price(instrument: Instrument, value: NumberInput, field: string): Money {
  const number = instrument.readPrice(value, field);
  if (!number || number.lte(0))
    throw DomainError.invalidInput('INVALID_PRICE', 'המחיר חייב להיות מספר חיובי', field);
  return number;
}

function feesOf(value: NumberInput | null | undefined): Money {
  if (value === undefined || value === null || value === '') return new Money(0);
  const fees = readDecimal(value);
  if (!fees || fees.lt(0))
    throw DomainError.invalidInput('INVALID_FEES', 'העמלות חייבות להיות מספר אי-שלילי', 'fees');
  return fees;
}

/** |entry − stop| in USD; null without a stop or with the stop at entry; a wrong-side stop is refused. */
function stopOf(figures: TradeFigures, instrument: Instrument): Money | null {
  if (figures.stopPrice === undefined || figures.stopPrice === null || figures.stopPrice === '') return null;
  return price(instrument, figures.stopPrice, 'stopPrice');
}

function initialRiskOf(
  direction: TradeFigures['direction'],
  instrument: Instrument,
  { entry, stop, size, exit }: { entry: Money; stop: Money | null; size: Money; exit: Money },
): Money | null {
  if (stop === null || stop.eq(entry)) return null;
  const stopBelowEntry = stop.lt(entry);
  if (stopBelowEntry !== (direction === 'long')) {
    throw DomainError.invalidInput(
      'STOP_WRONG_SIDE',
      direction === 'long'
        ? 'בעסקת לונג הסטופ חייב להיות מתחת למחיר הכניסה'
        : 'בעסקת שורט הסטופ חייב להיות מעל מחיר הכניסה',
      'stopPrice',
    );
  }
  return instrument.toUsd(entry.minus(stop).abs(), size, exit);
}

function instrumentOf(figures: TradeFigures, rates: CalculationRates): Instrument {
  switch (figures.assetType) {
    case 'crypto':
    case 'stocks':
      return {
        symbol: figures.symbol === undefined ? '' : readTickerSymbol(figures.symbol),
        readPrice: (value) => readDecimal(value),
        toUsd: (difference, size) => difference.times(size),
      };
    case 'forex':
      return forexInstrument(figures.symbol ?? '', rates);
    case 'futures':
      return futuresInstrument(figures.symbol ?? '', figures.pointValue);
    default: {
      const unknown: never = figures.assetType;
      throw DomainError.invalidInput(
        'INVALID_ASSET_TYPE',
        `סוג נכס לא מוכר: ${String(unknown)}`,
        'assetType',
      );
    }
  }
}

function forexInstrument(symbol: string, rates: CalculationRates): Instrument {
  const pair = readForexPair(symbol);
  const inQuote = (difference: Money, size: Money) => difference.times(size).times(FOREX_LOT);
  const base = { symbol: pair.symbol, readPrice: (value: NumberInput) => readDecimal(value) };
  if (pair.quote === 'USD') return { ...base, toUsd: inQuote };
  if (pair.base === 'USD') {
    return { ...base, toUsd: (difference, size, exit) => inQuote(difference, size).div(exit) };
  }
  const quoteUsd = crossRateOf(pair.quote, rates);
  return { ...base, toUsd: (difference, size) => inQuote(difference, size).times(quoteUsd) };
}

/** USD per unit of a cross's quote currency: given by the caller, or from the USD/ILS rate for ILS. */
function crossRateOf(quote: string, rates: CalculationRates): Money {
  if (
    rates.quoteCurrencyUsd !== undefined &&
    rates.quoteCurrencyUsd !== null &&
    rates.quoteCurrencyUsd !== ''
  ) {
    return positive(
      rates.quoteCurrencyUsd,
      'quoteCurrencyUsd',
      'INVALID_RATE',
      'שער ההמרה חייב להיות מספר חיובי',
    );
  }
  if (quote === 'ILS') {
    return new Money(1).div(
      positive(rates.usdToIls, 'usdToIlsRate', 'INVALID_RATE', 'שער הדולר חייב להיות מספר חיובי'),
    );
  }
  throw DomainError.ruleBroken(
    'QUOTE_RATE_UNKNOWN',
    `אין שער דולר ידוע למטבע הציטוט של הצמד הצולב (${quote}USD); על מנהל המערכת להגדיר את ${quote} במשתנה FX_FALLBACK_RATES או לחבר את בנק ישראל (BOI_RATES_URL)`,
    'quoteCurrencyUsd',
  );
}

function futuresInstrument(symbol: string, explicitPointValue: NumberInput | null | undefined): Instrument {
  const normalised = readFuturesSymbol(symbol);
  const root = futuresRootOf(normalised);
  const pointValue = pointValueOf(root, explicitPointValue);
  return {
    symbol: normalised,
    readPrice: (value, field) => readFuturesPrice(root, value, field),
    toUsd: (difference, size) => difference.times(size).times(pointValue),
  };
}
