import type { TradeFiguresData, TradeSaveBody } from '@yoman/contracts';
import { calculateTrade } from '../calculation/calculate-trade';
import { tradeDayOf } from '../time/zoned-time';

/** A rate a calculation used (USD/ILS, or a cross's quote currency in USD), as the market module answers it. */
export interface UsedRate {
  rate: string;
  date: string | null;
  source: string;
}

/** Where the USD/ILS rate is published. */
const RATE_ZONE = 'Asia/Jerusalem';

/** The day whose USD/ILS rate applies: the exit's calendar day in Israel, where the rate is published. */
export function rateDayOf(exitTime: string | Date): string {
  // zonedTime, not luxon's setZone, which asked Intl for the offset on every save (1.7 % of a save's profile).
  return tradeDayOf(typeof exitTime === 'string' ? exitTime : exitTime.toISOString(), RATE_ZONE);
}

/**
 * A trade's figures as the server stores them: the client's fields with P&L and R computed again here (the
 * client's own figures are ignored), in the owner's display time zone. `quoteRate` is the USD rate of a forex
 * cross's quote currency, absent for any other trade.
 */
export function tradeFiguresOf(
  body: TradeSaveBody,
  rate: UsedRate,
  timezone: string,
  quoteRate?: UsedRate,
): TradeFiguresData {
  const result = calculateTrade(body, { usdToIls: rate.rate, quoteCurrencyUsd: quoteRate?.rate });
  return {
    symbol: result.symbol,
    assetType: body.assetType,
    direction: body.direction,
    // Stored as read by the engine, so a 32nds quote (110'16) is kept as its decimal value (110.5).
    entryPrice: result.entryPrice.toFixed(),
    exitPrice: result.exitPrice.toFixed(),
    stopPrice: result.stopPrice === null ? null : result.stopPrice.toFixed(),
    targetPrice: body.targetPrice,
    positionSize: body.positionSize,
    fees: body.fees,
    pointValue: body.assetType === 'futures' ? body.pointValue : null,
    session: body.session,
    setup: body.setup,
    setupId: body.setupId,
    entryTime: new Date(body.entryTime).toISOString(),
    exitTime: new Date(body.exitTime).toISOString(),
    notes: body.notes,
    pnlUsd: result.pnlUsd.toFixed(2),
    pnlIls: result.pnlIls.toFixed(2),
    rMultiple: result.rMultiple === null ? null : result.rMultiple.toFixed(4),
    usdToIlsRate: rate.rate,
    rateDate: rate.date,
    rateSource: rate.source,
    timezone,
  };
}
