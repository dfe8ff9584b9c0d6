/** A trade whose exit, 03:00Z on 6 January, is still 5 January in New York and already 6 January in Israel. */
export const TRADE_ACROSS_MIDNIGHT = {
  symbol: 'BTCUSDT',
  assetType: 'crypto',
  direction: 'long',
  entryPrice: 100,
  exitPrice: 110,
  stopPrice: 95,
  positionSize: 1,
  fees: 0,
  session: 'asia',
  setup: 'breakout',
  entryTime: '2026-01-06T02:00:00.000Z',
  exitTime: '2026-01-06T03:00:00.000Z',
} as const;
