import type { Trade as TradeAnswer } from '@yoman/contracts';
import { notFound } from '@yoman/platform';
import type { Trade } from './trade';

const instant = (value: Date | string) => new Date(value).toISOString();

/**
 * The API's Trade as a command leaves it: what the `trades` read model holds once the command's events are
 * applied (the command has waited for that), built from the command's own state instead of read back, which
 * costs a save a statement. Its figures are the canonical decimals the calculation and the input's schema
 * write (rounded before they are printed, so never "-0.00"), which PostgreSQL's numeric gives back as they
 * are; trade-answer.test.ts holds the answer to the read model over random trades and edits.
 */
export function tradeAnswerOf(trade: Trade): TradeAnswer {
  if (trade.status !== 'open' && trade.status !== 'locked') throw notFound('העסקה לא נמצאה');
  const { figures } = trade;
  return {
    id: trade.tradeId,
    symbol: figures.symbol,
    assetType: figures.assetType,
    direction: figures.direction,
    session: figures.session,
    setup: figures.setup,
    setupId: figures.setupId,
    entryPrice: figures.entryPrice,
    exitPrice: figures.exitPrice,
    stopPrice: figures.stopPrice,
    targetPrice: figures.targetPrice,
    positionSize: figures.positionSize,
    fees: figures.fees,
    pnlUsd: figures.pnlUsd,
    pnlIls: figures.pnlIls,
    rMultiple: figures.rMultiple,
    entryTime: instant(figures.entryTime),
    exitTime: instant(figures.exitTime),
    notes: figures.notes,
    hasScreenshot: trade.screenshotUrl !== null,
    screenshotUrl: trade.screenshotUrl,
    screenshotSha256: trade.screenshotSha256,
    isLocked: trade.status === 'locked',
    lockAt: instant(trade.lockAt),
    trustScore: trade.trustScore,
  };
}
