import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent } from '@yoman/contracts';
import { batchedProjection, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';
import { keyOf, stampUsers, type UserPeriod } from './analytics-rows';
import { recomputeDayGroups, recomputeMonthGroups } from './group-rows';
import { peerScopesOf } from './peer-scopes';
import { recomputeDaySequences, recomputeMonthSequences, recomputeStreaks } from './sequence-rows';
import { loadFacts, recordMembers, saveFacts } from './trade-fact-rows';
import { nextFact, type TradeFact } from './trade-facts';

/** Namespace of the per-user advisory locks that serialise recomputing a user's analytics. */
const ANALYTICS_LOCK_NAMESPACE = 74_121;

async function lockOwners(trx: Knex.Transaction, owners: Iterable<string>) {
  // Sorted, so two transactions never wait on each other in opposite orders.
  for (const owner of [...new Set(owners)].sort()) {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [ANALYTICS_LOCK_NAMESPACE, owner]);
  }
}

interface FoldedBatch {
  saved: TradeFact[];
  deletedIds: string[];
  days: UserPeriod[];
}

/** Each trade's fact after the batch (saved, or deleted if it was stored) and every day a fact left or joined. */
function foldBatch(events: readonly TradeEvent[], stored: ReadonlyMap<string, TradeFact>): FoldedBatch {
  const current = new Map<string, TradeFact | undefined>(stored);
  const changed = new Set<string>();
  const days = new Map<string, UserPeriod>();
  const touch = (fact: TradeFact | undefined) => {
    if (fact) days.set(keyOf(fact.user_id, fact.date), { user_id: fact.user_id, period: fact.date });
  };
  for (const event of events) {
    const before = current.get(event.data.tradeId);
    const after = nextFact(before, event);
    if (after === before) continue;
    current.set(event.data.tradeId, after);
    changed.add(event.data.tradeId);
    touch(before);
    touch(after);
  }
  const saved: TradeFact[] = [];
  const deletedIds: string[] = [];
  for (const tradeId of changed) {
    const fact = current.get(tradeId);
    if (fact) saved.push(fact);
    else if (stored.has(tradeId)) deletedIds.push(tradeId);
  }
  return { saved, deletedIds, days: [...days.values()] };
}

function monthsOf(days: readonly UserPeriod[]): UserPeriod[] {
  const months = new Map<string, UserPeriod>();
  for (const day of days) {
    const month = { user_id: day.user_id, period: day.period.slice(0, 7) };
    months.set(keyOf(month.user_id, month.period), month);
  }
  return [...months.values()];
}

/** Recomputes the rows of these days, of their months, and of their owners' all time, streaks and stamps. */
async function recomputeDays(trx: Knex.Transaction, days: readonly UserPeriod[], users: readonly string[]) {
  const months = monthsOf(days);
  await recomputeDayGroups(trx, days);
  await recomputeMonthGroups(trx, months);
  await recomputeDaySequences(trx, days);
  await recomputeMonthSequences(trx, months);
  await recomputeStreaks(trx, users);
  await stampUsers(trx, 'trade_analytics_stamps', users);
}

/**
 * Folds a batch over the stored facts of the trades it names, writes each changed trade once, then
 * recomputes, from the facts, each day any of them left or joined and, from those days' rows, the months of
 * those days; the owners' all-time rows take the changed months' old rows out and their new ones in, and the
 * streaks compose the owners' months. A save costs the rows of its day and month, not the owner's history;
 * every row is derived from the facts, so any order of the trade streams gives the same rows.
 */
async function applyAnalyticsEvents(events: readonly TradeEvent[], trx: Knex.Transaction): Promise<void> {
  const stored = await loadFacts(trx, [...new Set(events.map((event) => event.data.tradeId))]);
  await lockOwners(trx, [
    ...[...stored.values()].map((fact) => fact.user_id),
    ...events.map((event) => event.data.userId),
  ]);
  const { saved, deletedIds, days } = foldBatch(events, stored);
  await saveFacts(trx, saved, deletedIds);
  const peers = await peerScopesOf(trx, [...new Set(events.map((event) => event.data.userId))]);
  await recordMembers(trx, events);
  if (days.length === 0) return;
  const users = [...new Set(days.map((day) => day.user_id))];
  await recomputeDays(trx, days, users);
  await peers.after(users);
}

export const ANALYTICS_TABLES = [
  'trade_analytics_trades',
  'trade_analytics_groups',
  'trade_analytics_days',
  'trade_analytics_months',
  'trade_analytics_streaks',
  'trade_analytics_members',
] as const;

/** The analytics read model of rules §8 (see `analyticsMigration`). */
export const analyticsProjection: Projection = batchedProjection({
  name: 'trade_analytics',
  handles: TRADE_EVENT_TYPES,
  parse: parseTradeEvent,
  applyEvents: applyAnalyticsEvents,
  tables: [...ANALYTICS_TABLES, 'trade_analytics_stamps'],
  ownerOf: (event) => event.data.userId,
});
