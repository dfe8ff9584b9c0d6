import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent } from '@yoman/contracts';
import { batchedProjection, type Projection, readCachesListening } from '@yoman/platform';
import type { Knex } from 'knex';
import { lockAndReadTrades } from '../owner-locks';
import { readTogether, type SqlPart } from './analytics-reads';
import { stampWrites, writeTogether } from './analytics-rows';
import { groupWrites, type SignedFact } from './group-rows';
import { organisationsPart, peersChanged } from './peer-scopes';
import { daysToResequence, type FactChange, sequenceReads } from './sequence-reads';
import { sequenceWrites, unchangedStreakWrites } from './sequence-rows';
import { factWrites, loggedOrganisations, memberWrites, storedFacts } from './trade-fact-rows';
import { nextFact, type TradeFact } from './trade-facts';

/** Namespace of the per-user advisory locks that serialise changing a user's analytics. */
const ANALYTICS_LOCK_NAMESPACE = 74_121;

interface FoldedBatch {
  /** Each trade the batch changes, with its stored fact and its fact after the batch (none: deleted). */
  changes: FactChange[];
  /** The owner of every fact the batch stored, replaced or dropped, even one it logged and then deleted. */
  owners: string[];
}

function foldBatch(events: readonly TradeEvent[], stored: ReadonlyMap<string, TradeFact>): FoldedBatch {
  const current = new Map<string, TradeFact | undefined>(stored);
  const changed = new Set<string>();
  const owners = new Set<string>();
  for (const event of events) {
    const before = current.get(event.data.tradeId);
    const after = nextFact(before, event);
    if (after === before) continue;
    current.set(event.data.tradeId, after);
    changed.add(event.data.tradeId);
    for (const fact of [before, after]) if (fact) owners.add(fact.user_id);
  }
  return {
    changes: [...changed].map((tradeId) => ({ before: stored.get(tradeId), after: current.get(tradeId) })),
    owners: [...owners],
  };
}

/** The fields the group rows count a fact by. */
const COUNTED_FIELDS = [
  'user_id',
  'date',
  'entry_hour',
  'entry_weekday',
  'session',
  'setup_key',
  'symbol',
  'r_multiple',
  'r_bucket',
  'outcome',
  'hold_minutes',
  'has_screenshot',
] as const satisfies readonly (keyof TradeFact)[];

/** What the group rows depend on: a change that keeps it (the same figures again, a new exit time) moves none. */
const groupKeyOf = (fact: TradeFact) => JSON.stringify(COUNTED_FIELDS.map((field) => fact[field]));

/** The stored fact of each change taken out of its rows and the new one counted in. */
function signedFactsOf(changes: readonly FactChange[]): SignedFact[] {
  return changes.flatMap(({ before, after }): SignedFact[] => {
    if (before && after && groupKeyOf(before) === groupKeyOf(after)) return [];
    return [
      ...(before ? [{ sign: -1 as const, fact: before }] : []),
      ...(after ? [{ sign: 1 as const, fact: after }] : []),
    ];
  });
}

/**
 * Applies a batch in three statements whatever the owner's history: lock the owners and read the changed
 * trades' stored facts, read what their days' sequences need (with the peers' organisations where answers are
 * kept in memory), then write everything in one statement. Group rows take each changed fact's old
 * contribution out and its new one in; a day that only gains trades after its last extends its summary, any
 * other is folded again from its trades; a month is composed from its days, and keeps the runs of its owner's
 * months up to it, so streaks need no earlier month. Every row is the same as folding the facts from
 * nothing, so any order of the trade streams, and any split into batches, gives the same rows.
 */
async function applyAnalyticsEvents(events: readonly TradeEvent[], trx: Knex.Transaction): Promise<void> {
  if (events.length === 0) return;
  const stored = await lockAndReadTrades<TradeFact>(trx, ANALYTICS_LOCK_NAMESPACE, events, storedFacts);
  const eventUsers = [...new Set(events.map((event) => event.data.userId))];
  const { changes, owners } = foldBatch(events, stored);
  const days = daysToResequence(changes);
  const listening = readCachesListening();
  const reads: Record<string, SqlPart> = {
    ...sequenceReads(days),
    ...(listening ? { organisations: organisationsPart(eventUsers) } : {}),
  };
  const read = Object.keys(reads).length > 0 ? await readTogether(trx, reads) : {};
  const resequenced = new Set(days.map((day) => day.user_id));
  await writeTogether(trx, [
    ...factWrites(
      changes.flatMap((change) => (change.after ? [change.after] : [])),
      changes.flatMap((change) => (change.before && !change.after ? [change.before.trade_id] : [])),
    ),
    ...groupWrites(signedFactsOf(changes)),
    ...(await sequenceWrites(trx, days, read)),
    ...unchangedStreakWrites(owners.filter((owner) => !resequenced.has(owner))),
    ...memberWrites(events),
    ...stampWrites('trade_analytics_stamps', owners),
  ]);
  if (listening && owners.length > 0)
    peersChanged(trx, read.organisations ?? [], loggedOrganisations(events));
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
