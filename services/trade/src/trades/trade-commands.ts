import type { TradeEvent } from '@yoman/contracts';
import { parseTradeEvent, TRADE_STREAM_TYPE } from '@yoman/contracts';
import { commandHandler, DomainError, idFromKey, type JobRequest, type Platform } from '@yoman/platform';
import { type TradeCommand, tradeDecider } from './decider';
import type { Trade } from './trade';

/** The lock job's name; its id is `lock:<tradeId>`, so scheduling twice is harmless. */
export const LOCK_JOB = 'trade.lock';
export const lockJobId = (tradeId: string) => `lock:${tradeId}`;

export const tradeStreamOf = (tradeId: string) => `trade-${tradeId}`;

const handleTradeCommand = commandHandler(TRADE_STREAM_TYPE, parseTradeEvent, tradeDecider);

/**
 * Runs one trade command through the event store; answers once the read models include its events.
 * `jobsOf` answers the jobs of the trade as the command leaves it (stored with its events, see handleCommand).
 * A trade is logged under an id the server has just drawn (`randomUUID`), so its stream is not read first.
 */
export async function runTradeCommand(
  platform: Platform,
  command: TradeCommand,
  metadata: { userId?: string; organisationId?: string | null } = {},
  jobsOf?: (trade: Trade, events: TradeEvent[]) => readonly JobRequest[],
) {
  return handleTradeCommand(platform, tradeStreamOf(command.data.tradeId), command, {
    metadata,
    jobsOf,
    newStream: command.type === 'LogTrade',
  });
}

/** The id of the trade a student logs under an idempotency key: theirs alone, the same for every try. */
export const keyedTradeId = (userId: string, key: string) => idFromKey('trade', userId, key);

/**
 * The trade a keyed request logged before, answered to the same request sent again (its first answer lost, or
 * a 503 after the trade was stored), once the read models include it. Refused when the key logged another body
 * (422: the first attempt's trade stands, to be edited) or when that trade has been deleted since (409).
 */
export async function tradeLoggedBefore(platform: Platform, tradeId: string, requestSha256: string) {
  const history = await platform.eventStore.readStream(tradeStreamOf(tradeId));
  if (history[0]?.metadata.requestSha256 !== requestSha256) {
    throw DomainError.ruleBroken(
      'IDEMPOTENCY_KEY_REUSED',
      'העסקה כבר נשמרה בניסיון הקודם, עם פרטים אחרים. סגרו את החלון וערכו אותה מהיומן',
    );
  }
  const trade = history.reduce((state, stored) => {
    const event = parseTradeEvent(stored);
    return event ? tradeDecider.evolve(state, event) : state;
  }, tradeDecider.initialState());
  if (trade.status !== 'open' && trade.status !== 'locked') {
    throw DomainError.conflict('TRADE_DELETED', 'העסקה שנשמרה בבקשה הזאת כבר נמחקה');
  }
  await platform.projections.waitFor(history.at(-1)?.position ?? 0);
  return trade;
}

/** The lock job of a trade the command leaves open, at the end of its lock window. */
export function lockJobsOf(trade: Trade): JobRequest[] {
  if (trade.status !== 'open') return [];
  return [
    {
      id: lockJobId(trade.tradeId),
      name: LOCK_JOB,
      runAt: trade.lockAt,
      payload: { tradeId: trade.tradeId },
    },
  ];
}

/** The lock job: locks the trade at the end of its window (a no-op when it is gone or already locked). */
export async function lockTradeJob(
  payload: unknown,
  context: { now: Date; platform: Platform },
): Promise<void> {
  const tradeId = (payload as { tradeId?: unknown } | null)?.tradeId;
  if (typeof tradeId !== 'string') {
    context.platform.logger.warn({ payload }, 'trade.lock job without a trade id; skipped');
    return;
  }
  await runTradeCommand(context.platform, {
    type: 'LockTrade',
    data: { tradeId },
    metadata: { now: context.now },
  });
}
