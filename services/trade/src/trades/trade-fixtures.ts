import type { TradeEvent, TradeFiguresData } from '@yoman/contracts';
import type { RecordedEvent } from '@yoman/platform';
import type { LogTrade } from './decider';
import { DEFAULT_LOCK_POLICY } from './lock-window';

// Shared example data for the decider, evolve and projection specifications.

export const TRADE_ID = '0b9f5a52-6a8f-4d7e-9c55-2f1c3a4b5d6e';
export const USER_ID = 'user-1';

/** A long EURUSD trade closed 2026-03-10 10:00Z with a 1R win. */
export const figures: TradeFiguresData = {
  symbol: 'EURUSD',
  assetType: 'forex',
  direction: 'long',
  entryPrice: '1.1',
  exitPrice: '1.105',
  stopPrice: '1.095',
  targetPrice: null,
  positionSize: '1',
  fees: '0',
  pointValue: null,
  session: 'london',
  setup: 'breakout',
  setupId: null,
  entryTime: '2026-03-10T08:00:00.000Z',
  exitTime: '2026-03-10T10:00:00.000Z',
  notes: null,
  pnlUsd: '500.00',
  pnlIls: '1850.00',
  rMultiple: '1.0000',
  usdToIlsRate: '3.7',
  rateDate: '2026-03-10',
  rateSource: 'boi',
  timezone: 'Asia/Jerusalem',
};

export const policy = DEFAULT_LOCK_POLICY;
export const LOCK_AT = '2026-03-11T10:00:00.000Z';

/** The owner logs the example trade at `now`. */
export const logCommand = (now: string, overrides: Partial<LogTrade['data']> = {}): LogTrade => ({
  type: 'LogTrade',
  data: {
    tradeId: TRADE_ID,
    userId: USER_ID,
    organisationId: null,
    figures,
    screenshotUrl: null,
    screenshotSha256: null,
    policy,
    ...overrides,
  },
  metadata: { now: new Date(now) },
});

export function loggedEvent(
  overrides: Partial<Extract<TradeEvent, { type: 'trade.logged.v1' }>['data']> = {},
): TradeEvent {
  return {
    type: 'trade.logged.v1',
    data: {
      ...figures,
      tradeId: TRADE_ID,
      userId: USER_ID,
      organisationId: null,
      screenshotUrl: null,
      screenshotSha256: null,
      loggedAt: '2026-03-10T10:30:00.000Z',
      lockAt: LOCK_AT,
      trustScore: 100,
      ...overrides,
    },
  };
}

export function trustChangedEvent(
  reason: Extract<TradeEvent, { type: 'trade.trust-changed.v1' }>['data']['reason'],
  change: number,
  trustScore: number,
  changedAt: string,
): TradeEvent {
  return {
    type: 'trade.trust-changed.v1',
    data: { tradeId: TRADE_ID, userId: USER_ID, reason, change, trustScore, changedAt },
  };
}

/** The owner edits a trade's figures (`changes` over the example's) at `editedAt`. */
export function editedEvent(
  tradeId: string,
  userId: string,
  changes: Partial<TradeFiguresData>,
  editedAt: string,
): TradeEvent {
  return {
    type: 'trade.edited.v1',
    data: {
      ...figures,
      ...changes,
      tradeId,
      userId,
      changedFields: ['exitTime'],
      material: true,
      editedAt,
    },
  };
}

/** Trade events as the event store hands them over: positions from 1, one stream per trade, at `recordedAt`. */
export const recordedTradeEvents = (events: readonly TradeEvent[], recordedAt: Date): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    position: index + 1,
    streamId: `trade-${event.data.tradeId}`,
    streamType: 'trade',
    version: 1,
    metadata: {},
    recordedAt,
  }));
