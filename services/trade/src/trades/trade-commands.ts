import type { TradeEvent } from '@yoman/contracts';
import { parseTradeEvent, TRADE_STREAM_TYPE } from '@yoman/contracts';
import { commandHandler, type Platform } from '@yoman/platform';
import { type TradeCommand, tradeDecider } from './decider';
import type { Trade } from './trade';

/** The lock job's name; its id is `lock:<tradeId>`, so scheduling twice is harmless. */
export const LOCK_JOB = 'trade.lock';
export const lockJobId = (tradeId: string) => `lock:${tradeId}`;

export const tradeStreamOf = (tradeId: string) => `trade-${tradeId}`;

const handleTradeCommand = commandHandler(TRADE_STREAM_TYPE, parseTradeEvent, tradeDecider);

/**
 * Runs one trade command through the event store; answers once the read models include its events.
 * `beforeAppend` runs with the trade as the command leaves it, before anything is stored (its jobs).
 * A trade is logged under an id the server has just drawn (`randomUUID`), so its stream is not read first.
 */
export async function runTradeCommand(
  platform: Platform,
  command: TradeCommand,
  metadata: { userId?: string; organisationId?: string | null } = {},
  beforeAppend?: (trade: Trade, events: TradeEvent[]) => Promise<void>,
) {
  return handleTradeCommand(platform, tradeStreamOf(command.data.tradeId), command, {
    metadata,
    beforeAppend,
    newStream: command.type === 'LogTrade',
  });
}

/** Schedules the lock job of a trade the command leaves open, at the end of its lock window. */
export async function scheduleLockOf(platform: Platform, trade: Trade): Promise<void> {
  if (trade.status !== 'open') return;
  await platform.jobs.schedule({
    id: lockJobId(trade.tradeId),
    name: LOCK_JOB,
    runAt: trade.lockAt,
    payload: { tradeId: trade.tradeId },
  });
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
