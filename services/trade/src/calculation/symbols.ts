import { DomainError } from '@yoman/platform';

/** A forex pair read from its symbol: the base and the quote currency. */
export interface ForexPair {
  symbol: string;
  base: string;
  quote: string;
}

const INVALID_SYMBOL_MESSAGE = 'סימול לא תקין';

/** Upper-cases and trims a symbol as the journal stores it. */
export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** A crypto or stock symbol: letters, digits and the separators tickers use (BRK.B, BTC/USDT, BTC-USD). */
export function readTickerSymbol(symbol: string): string {
  const normalised = normaliseSymbol(symbol);
  if (!/^[A-Z0-9][A-Z0-9./:_-]{0,29}$/.test(normalised)) {
    throw DomainError.invalidInput('INVALID_SYMBOL', INVALID_SYMBOL_MESSAGE, 'symbol');
  }
  return normalised;
}

/** Reads a forex pair: six letters, optionally written with a slash (EUR/USD → EURUSD). */
export function readForexPair(symbol: string): ForexPair {
  const normalised = normaliseSymbol(symbol);
  const match = /^([A-Z]{3})\/?([A-Z]{3})$/.exec(normalised);
  if (!match || match[1] === match[2]) {
    throw DomainError.invalidInput(
      'INVALID_SYMBOL',
      'סימול מט"ח לא תקין: יש להזין צמד של שישה תווים, למשל EURUSD או EUR/USD',
      'symbol',
    );
  }
  const [, base, quote] = match as unknown as [string, string, string];
  return { symbol: `${base}${quote}`, base, quote };
}

/** A futures symbol: a root, optionally followed by a month code (F…Z) and a 1-2 digit year; a leading slash is dropped. */
export function readFuturesSymbol(symbol: string): string {
  const normalised = normaliseSymbol(symbol).replace(/^\//, '');
  if (!/^[A-Z0-9]{1,12}$/.test(normalised)) {
    throw DomainError.invalidInput('INVALID_SYMBOL', INVALID_SYMBOL_MESSAGE, 'symbol');
  }
  return normalised;
}
