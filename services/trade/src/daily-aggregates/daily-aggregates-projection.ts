import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent, type TradeFiguresData } from '@yoman/contracts';
import { batchedProjection, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import {
  type DayKey,
  loadTradeDays,
  recomputeDays,
  saveTradeDays,
  type TradeDayRow,
} from './daily-aggregate-rows';

/** The calendar day of an exit time in the owner's display time zone (rules §3). */
export function tradeDayOf(exitTime: string, timezone: string): string {
  const day = DateTime.fromISO(exitTime, { setZone: true }).setZone(timezone);
  // An unknown zone from an old event falls back to the product's default rather than dropping the trade.
  return (day.isValid ? day : DateTime.fromISO(exitTime).setZone('Asia/Jerusalem')).toISODate() as string;
}

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

/**
 * Folds a batch of trade events over the stored rows of the trades they name, writes each changed trade once
 * and recomputes each day any of them left or joined once: a handful of statements for the whole batch.
 */
async function applyTradeEvents(events: readonly TradeEvent[], trx: Knex.Transaction): Promise<void> {
  const stored = await loadTradeDays(trx, [...new Set(events.map((event) => event.data.tradeId))]);
  await lockOwnersOf(trx, events, stored.values());
  const current = new Map<string, TradeDayRow | undefined>(stored);
  const changed = new Set<string>();
  const days = new Map<string, DayKey>();
  const touch = (row: TradeDayRow | undefined) => {
    if (row) days.set(`${row.user_id}\n${row.date}`, { user_id: row.user_id, date: row.date });
  };
  for (const event of events) {
    const tradeId = event.data.tradeId;
    const before = current.get(tradeId);
    const after = nextTradeDay(before, event);
    if (after === before) continue;
    current.set(tradeId, after);
    changed.add(tradeId);
    touch(before);
    touch(after);
  }
  const saved: TradeDayRow[] = [];
  const deletedIds: string[] = [];
  for (const tradeId of changed) {
    const row = current.get(tradeId);
    if (row) saved.push(row);
    else if (stored.has(tradeId)) deletedIds.push(tradeId);
  }
  await saveTradeDays(trx, saved, deletedIds);
  await recomputeDays(trx, [...days.values()]);
}

/** Namespace of the per-user advisory locks that serialise recomputing a user's days. */
const DAYS_LOCK_NAMESPACE = 74_120;

/**
 * Locks, for this transaction, every user whose days the batch may recompute. Trades of one user travel on
 * different Kafka partitions, so two projector transactions may recompute the same day; serialised per user,
 * each sees the other's committed trade rows instead of overwriting the day with a stale sum.
 */
async function lockOwnersOf(
  trx: Knex.Transaction,
  events: readonly TradeEvent[],
  stored: Iterable<TradeDayRow>,
): Promise<void> {
  const owners = new Set<string>();
  for (const row of stored) owners.add(row.user_id);
  for (const event of events) {
    const owner = (event.data as { userId?: unknown }).userId;
    if (typeof owner === 'string') owners.add(owner);
  }
  // Sorted, so two transactions never wait on each other in opposite orders.
  for (const owner of [...owners].sort()) {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [DAYS_LOCK_NAMESPACE, owner]);
  }
}

/** The `daily_aggregates` read model: one row per user and day in the user's time zone (spec §3, rules §3). */
export const dailyAggregatesProjection: Projection = batchedProjection({
  name: 'daily_aggregates',
  handles: TRADE_EVENT_TYPES,
  parse: parseTradeEvent,
  applyEvents: applyTradeEvents,
  tables: ['daily_aggregates', 'daily_aggregate_trades'],
  ownerOf: (event) => event.data.userId,
});
