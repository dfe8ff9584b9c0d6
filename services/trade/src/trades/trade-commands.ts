import type { TradeEvent } from '@yoman/contracts';
import { parseTradeEvent, TRADE_STREAM_TYPE } from '@yoman/contracts';
import { handleCommand, type Platform, type RecordedEvent } from '@yoman/platform';
import { decide, type TradeCommand } from './decider';
import { evolve, initialTrade, type Trade } from './trade';

/** The lock job's name; its id is `lock:<tradeId>`, so scheduling twice is harmless. */
export const LOCK_JOB = 'trade.lock';
export const lockJobId = (tradeId: string) => `lock:${tradeId}`;

export const tradeStreamOf = (tradeId: string) => `trade-${tradeId}`;

function evolveRecorded(state: Trade, recorded: RecordedEvent): Trade {
  const event = parseTradeEvent(recorded);
  return event ? evolve(state, event) : state;
}

/**
 * Runs one trade command through the event store; answers once the read models include its events.
 * `beforeAppend` runs with the trade as the command leaves it, before anything is stored (its jobs).
 */
export async function runTradeCommand(
  platform: Platform,
  command: TradeCommand,
  metadata: { userId?: string; organisationId?: string | null } = {},
  beforeAppend?: (trade: Trade, events: TradeEvent[]) => Promise<void>,
) {
  return handleCommand(platform, {
    streamId: tradeStreamOf(command.data.tradeId),
    streamType: TRADE_STREAM_TYPE,
    initialState: initialTrade,
    evolve: evolveRecorded,
    decide: (state) => decide(command, state),
    metadata,
    beforeAppend,
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
