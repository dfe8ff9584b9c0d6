import type { TradeEvent } from '@yoman/contracts';
import type { OwnedRows } from '../owner-locks';
import { deletePart, upsertPart } from './analytics-rows';
import type { TradeFact } from './trade-facts';

const FACT_COLUMNS = `trade_id, user_id, date, entry_hour, entry_weekday, session, setup_key, symbol, r_bucket,
  outcome, has_screenshot, r_multiple::text as r_multiple, hold_minutes::text as hold_minutes,
  to_char(exit_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as exit_time`;

/** The stored facts of these trades, numbers read back as text so they stay exact. */
export const storedFacts = (tradeIds: readonly string[]): OwnedRows => ({
  sql: `select ${FACT_COLUMNS} from trade_analytics_trades where trade_id = any(?::uuid[])`,
  bindings: [[...tradeIds]],
});

/** The writes that store these facts and drop the deleted trades'. */
export const factWrites = (saved: readonly TradeFact[], deletedIds: readonly string[]) => [
  ...deletePart(
    'trade_analytics_trades',
    { trade_id: 'uuid' },
    deletedIds.map((trade_id) => ({ trade_id })),
  ),
  ...upsertPart('trade_analytics_trades', ['trade_id'], saved),
];

/** The organisations these users' batch logged trades in (each user's latest, as `memberWrites` keeps it). */
export const loggedOrganisations = (events: readonly TradeEvent[]) =>
  latestMemberships(events).map((member) => member.organisation_id);

function latestMemberships(events: readonly TradeEvent[]) {
  const latest = new Map<string, { user_id: string; organisation_id: string; logged_at: string }>();
  for (const event of events) {
    if (event.type !== 'trade.logged.v1' || !event.data.organisationId) continue;
    const known = latest.get(event.data.userId);
    if (known && Date.parse(known.logged_at) >= Date.parse(event.data.loggedAt)) continue;
    latest.set(event.data.userId, {
      user_id: event.data.userId,
      organisation_id: event.data.organisationId,
      logged_at: event.data.loggedAt,
    });
  }
  return [...latest.values()];
}

/** Keeps each user's organisation as of their latest logged trade (the same in any order of the streams). */
export const memberWrites = (events: readonly TradeEvent[]) =>
  upsertPart('trade_analytics_members', ['user_id'], latestMemberships(events), {
    onlyIf: 'trade_analytics_members.logged_at < excluded.logged_at',
  });
