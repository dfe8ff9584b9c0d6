import type { TradeEvent } from '@yoman/contracts';
import { parseTradeEvent, TRADE_STREAM_TYPE } from '@yoman/contracts';
import { commandHandler, type JobRequest, type Platform } from '@yoman/platform';
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
