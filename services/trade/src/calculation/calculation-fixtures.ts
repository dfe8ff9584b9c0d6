import { DomainError } from '@yoman/platform';
import { calculateTrade, type TradeFigures } from './calculate-trade';

// Shared by the calculation specifications: one rate, the answer as strings, and the refusal as kind:code.

export const rates = { usdToIls: '3.7' };

/** A calculation's symbol and figures as the fixed-point strings a spec compares. */
export function figuresOf(result: ReturnType<typeof calculateTrade>) {
  return {
    symbol: result.symbol,
    pnlUsd: result.pnlUsd.toFixed(2),
    pnlIls: result.pnlIls.toFixed(2),
    rMultiple: result.rMultiple?.toFixed(4) ?? null,
  };
}

/** `kind:CODE` of the refusal the figures meet; fails the spec when they are accepted. */
export function errorCodeOf(figures: TradeFigures, given = rates): string {
  try {
    calculateTrade(figures, given);
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}:${error.code}`;
    throw error;
  }
  throw new Error('the calculation was expected to fail');
}
