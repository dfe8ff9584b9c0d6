import type { CalculateTradeInput, Trade, TradeCalculation, TradeSaveInput } from '@yoman/contracts';
import { TRUST_SCORE_INITIAL } from '@yoman/contracts/constants';
import { emptyTradeForm, localInputOf, normalisedSymbol, type TradeForm, timestampOf } from './trade-form';

/** The server's code for a futures root it has no point value for; the dialog then asks for one. */
export const UNKNOWN_FUTURES_ROOT = 'UNKNOWN_FUTURES_ROOT';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST /api/calculate-trade body from the form; the point value only when the dialog asked for it. */
export function calculationRequest(
  form: TradeForm,
  zone: string,
  askPointValue: boolean,
): CalculateTradeInput {
  const symbol = normalisedSymbol(form.symbol);
  const exitTime = timestampOf(form.exitTime, zone);
  return {
    assetType: form.assetType,
    direction: form.direction,
    entryPrice: form.entryPrice.trim(),
    exitPrice: form.exitPrice.trim(),
    stopPrice: orNull(form.stopPrice),
    positionSize: form.positionSize.trim(),
    fees: orNull(form.fees) ?? '0',
    ...(symbol ? { symbol } : {}),
    ...(askPointValue && orNull(form.pointValue) ? { pointValue: form.pointValue.trim() } : {}),
    ...(exitTime ? { exitTime } : {}),
  };
}

/**
 * The trade as sent on save (spec §3): the form's fields, the calculation's three figures, and the fixed
 * fields the spec lists; a newly uploaded screenshot's URL, else the edited trade's own.
 */
export function tradeSaveBody(
  form: TradeForm,
  calculation: TradeCalculation,
  zone: string,
  options: { askPointValue: boolean; editing?: Trade; screenshotUrl?: string },
): TradeSaveInput {
  const { editing } = options;
  const screenshotUrl = options.screenshotUrl ?? editing?.screenshotUrl ?? null;
  return {
    symbol: normalisedSymbol(form.symbol),
    assetType: form.assetType,
    direction: form.direction,
    entryPrice: form.entryPrice.trim(),
    exitPrice: form.exitPrice.trim(),
    stopPrice: orNull(form.stopPrice),
    targetPrice: editing?.targetPrice ?? null,
    positionSize: form.positionSize.trim(),
    pnlUsd: calculation.pnlUsd,
    pnlIls: calculation.pnlIls,
    rMultiple: calculation.rMultiple,
    fees: orNull(form.fees) ?? '0',
    ...(options.askPointValue && orNull(form.pointValue) ? { pointValue: form.pointValue.trim() } : {}),
    session: form.session,
    setup: form.setup,
    setupId: orNull(form.setupId),
    entryTime: timestampOf(form.entryTime, zone) ?? '',
    exitTime: timestampOf(form.exitTime, zone) ?? '',
    notes: orNull(form.notes),
    hasScreenshot: screenshotUrl !== null,
    screenshotUrl,
    trustScore: editing?.trustScore ?? TRUST_SCORE_INITIAL,
    metadata: null,
    userId: '',
  };
}

/** The form filled from a saved trade, for editing in the same dialog. */
export function tradeFormOf(trade: Trade, zone: string): TradeForm {
  return {
    ...emptyTradeForm(),
    assetType: trade.assetType,
    symbol: trade.symbol,
    direction: trade.direction,
    entryPrice: trade.entryPrice,
    exitPrice: trade.exitPrice,
    stopPrice: trade.stopPrice ?? '',
    positionSize: trade.positionSize,
    fees: trade.fees,
    session: trade.session,
    setup: trade.setup,
    setupId: trade.setupId ?? '',
    entryTime: localInputOf(trade.entryTime, zone),
    exitTime: localInputOf(trade.exitTime, zone),
    notes: trade.notes ?? '',
  };
}
