import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent, type TradeFiguresData } from '@yoman/contracts';
import { batchedProjection, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';
import { lockAndReadTrades } from '../owner-locks';
import { tradeDayOf } from '../time/zoned-time';
import {
  addToDays,
  type DayKey,
  recomputeDays,
  saveTradeDays,
  storedTradeDays,
  type TradeDayRow,
} from './daily-aggregate-rows';

/** What an edit may change in a trade's row: its owner's day and its figures. */
function dayFigures(data: TradeFiguresData & { userId: string }) {
  return {
    user_id: data.userId,
    date: tradeDayOf(data.exitTime, data.timezone),
    session: data.session,
    r_multiple: data.rMultiple,
    pnl_usd: data.pnlUsd,
    pnl_ils: data.pnlIls,
  };
}

/**
 * A trade's row after one event, from its row before (undefined: no row). Answers `before` itself when the
 * event changes nothing, as an update of a missing row or a lock does.
 */
function nextTradeDay(before: TradeDayRow | undefined, event: TradeEvent): TradeDayRow | undefined {
  switch (event.type) {
    case 'trade.logged.v1': {
      const { data } = event;
      const screenshot = data.screenshotUrl !== null;
      return {
        trade_id: data.tradeId,
        ...dayFigures(data),
        has_screenshot: screenshot,
        trust_score: data.trustScore,
      };
    }
    case 'trade.edited.v1':
      return before && { ...before, ...dayFigures(event.data) };
    case 'trade.screenshot-attached.v1':
      return before && { ...before, has_screenshot: true };
    case 'trade.trust-changed.v1':
      return before && { ...before, trust_score: event.data.trustScore };
    case 'trade.deleted.v1':
      return undefined;
    case 'trade.locked.v1':
      return before;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const dayKeyOf = (row: DayKey) => `${row.user_id}\n${row.date}`;

/**
 * Folds a batch of trade events over the stored rows of the trades they name and writes each changed trade
 * once. A day one of its stored trades changed or left is recomputed from its trades; a day that only gains
 * trades (the common case: trades logged) has their sums added. A handful of statements for the whole batch,
 * none of which reads a day's unchanged trades.
 */
async function applyTradeEvents(events: readonly TradeEvent[], trx: Knex.Transaction): Promise<void> {
  const stored = await lockAndReadTrades<TradeDayRow>(trx, DAYS_LOCK_NAMESPACE, events, storedTradeDays);
  const current = new Map<string, TradeDayRow | undefined>(stored);
  const changed = new Set<string>();
  for (const event of events) {
    const tradeId = event.data.tradeId;
    const before = current.get(tradeId);
    const after = nextTradeDay(before, event);
    if (after === before) continue;
    current.set(tradeId, after);
    changed.add(tradeId);
  }
  const saved: TradeDayRow[] = [];
  const deletedIds: string[] = [];
  const recomputed = new Map<string, DayKey>();
  for (const tradeId of changed) {
    const row = current.get(tradeId);
    const before = stored.get(tradeId);
    if (row) saved.push(row);
    else if (before) deletedIds.push(tradeId);
    if (before) recomputed.set(dayKeyOf(before), { user_id: before.user_id, date: before.date });
  }
  if (recomputed.size === 0) {
    // Only new trades: their rows and their days' sums in one statement.
    await addToDays(trx, saved, { storing: true });
    return;
  }
  await saveTradeDays(trx, saved, deletedIds);
  await recomputeDays(trx, [...recomputed.values()]);
  await addToDays(
    trx,
    saved.filter((row) => !recomputed.has(dayKeyOf(row))),
  );
}

/**
 * Namespace of the per-user locks that serialise changing a user's days: two projector transactions adding
 * to or summing again one day each see the other's committed trade rows and sums instead of stale ones.
 */
const DAYS_LOCK_NAMESPACE = 74_120;

/** The `daily_aggregates` read model: one row per user and day in the user's time zone (spec §3, rules §3). */
export const dailyAggregatesProjection: Projection = batchedProjection({
  name: 'daily_aggregates',
  handles: TRADE_EVENT_TYPES,
  parse: parseTradeEvent,
  applyEvents: applyTradeEvents,
  tables: ['daily_aggregates', 'daily_aggregate_trades'],
  ownerOf: (event) => event.data.userId,
});
