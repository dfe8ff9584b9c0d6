import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { WritePart } from './analytics-rows';
import type { TradeFact } from './trade-facts';

const COUNTS = ['trades', 'wins', 'losses', 'r_trades', 'loss_r_trades', 'screenshots'];
const EXACT = ['net_r', 'loss_r', 'hold_minutes'];
const SUM_COLUMNS = 'trades, wins, losses, r_trades, net_r, loss_r_trades, loss_r, hold_minutes, screenshots';
const KEY = 'user_id, grain, period, dimension, key';

/** A fact counted in (sign 1) or taken out of (sign −1) its owner's rows. */
export interface SignedFact {
  sign: 1 | -1;
  fact: TradeFact;
}

/** Sums exactly: every digit of the terms is kept (trade figures have a handful; PostgreSQL's are unbounded). */
const Exact = Decimal.clone({ precision: 1_000 });

/** What a batch changes in one group row: signed counts and exact signed sums. */
export interface GroupChange {
  user_id: string;
  grain: string;
  period: string;
  dimension: string;
  key: string;
  trades: number;
  wins: number;
  losses: number;
  r_trades: number;
  net_r: Decimal;
  loss_r_trades: number;
  loss_r: Decimal;
  hold_minutes: Decimal;
  screenshots: number;
}

/** The rows a fact is counted in: its day, its month and all time, under every dimension it has a key in. */
function rowsOfFact(fact: TradeFact): [grain: string, period: string, dimension: string, key: string][] {
  const periods: [string, string][] = [
    ['day', fact.date],
    ['month', fact.date.slice(0, 7)],
    ['all', ''],
  ];
  const keys: [string, string | null][] = [
    ['total', ''],
    ['session', fact.session],
    ['setup', fact.setup_key],
    ['symbol', fact.symbol],
    ['hour', String(fact.entry_hour)],
    ['weekday', String(fact.entry_weekday)],
    ['heat', `${fact.entry_weekday}:${fact.entry_hour}`],
    ['bucket', fact.r_bucket],
  ];
  return periods.flatMap(([grain, period]) =>
    keys.flatMap(([dimension, key]): [string, string, string, string][] =>
      key === null ? [] : [[grain, period, dimension, key]],
    ),
  );
}

/**
 * Each group row the facts move, with what they add (sign 1) or take out (sign −1), summed here rather than
 * by the database: a batch of a few trades moves dozens of rows, which a grouped select over the facts
 * crossed with their rows took a couple of milliseconds to plan and sum.
 */
export function groupChangesOf(facts: readonly SignedFact[]): GroupChange[] {
  const changes = new Map<string, GroupChange>();
  for (const { sign, fact } of facts) {
    const r = fact.r_multiple === null ? null : new Exact(fact.r_multiple).times(sign);
    const hold = new Exact(fact.hold_minutes).times(sign);
    const loss = Number(fact.outcome) === -1;
    for (const [grain, period, dimension, key] of rowsOfFact(fact)) {
      const id = [fact.user_id, grain, period, dimension, key].join('\n');
      const change = changes.get(id) ?? {
        user_id: fact.user_id,
        grain,
        period,
        dimension,
        key,
        trades: 0,
        wins: 0,
        losses: 0,
        r_trades: 0,
        net_r: new Exact(0),
        loss_r_trades: 0,
        loss_r: new Exact(0),
        hold_minutes: new Exact(0),
        screenshots: 0,
      };
      change.trades += sign;
      if (Number(fact.outcome) === 1) change.wins += sign;
      if (loss) change.losses += sign;
      if (r) {
        change.r_trades += sign;
        change.net_r = change.net_r.plus(r);
        if (loss) {
          change.loss_r_trades += sign;
          change.loss_r = change.loss_r.plus(r);
        }
      }
      change.hold_minutes = change.hold_minutes.plus(hold);
      if (fact.has_screenshot) change.screenshots += sign;
      changes.set(id, change);
    }
  }
  return [...changes.values()];
}

/** The changes as a JSON parameter, exact sums as plain decimal text. */
const changesParameter = (changes: readonly GroupChange[]) =>
  JSON.stringify(
    changes.map((change) => ({
      ...change,
      net_r: change.net_r.toFixed(),
      loss_r: change.loss_r.toFixed(),
      hold_minutes: change.hold_minutes.toFixed(),
    })),
  );

const CHANGES = `jsonb_to_recordset(?::jsonb) as c(user_id text, grain text, period text, dimension text, key text,
  trades int, wins int, losses int, r_trades int, net_r numeric, loss_r_trades int, loss_r numeric,
  hold_minutes numeric, screenshots int)`;

/** Stored sums plus the change; exact sums in their shortest text, the same whatever came and went before. */
const MERGED_SUMS = [
  ...COUNTS.map((column) => `(coalesce(g.${column}, 0) + c.${column})::int as ${column}`),
  ...EXACT.map((column) => `trim_scale(coalesce(g.${column}, 0) + c.${column}) as ${column}`),
].join(', ');

const SET_SUMS = SUM_COLUMNS.split(', ')
  .map((column) => `${column} = excluded.${column}`)
  .join(', ');

/**
 * The writes that take these facts out of (sign −1) or into (sign 1) their owners' day, month and all-time
 * rows, each row touched once whatever the number of facts: a row's new sums are its stored ones plus the
 * change, a row left without trades is dropped. So a save costs its own rows, never its day's other trades.
 */
export function groupWrites(facts: readonly SignedFact[]): WritePart[] {
  if (facts.length === 0) return [];
  return [
    {
      name: 'group_changes',
      sql: `select * from ${CHANGES}`,
      bindings: [changesParameter(groupChangesOf(facts))],
    },
    {
      name: 'group_sums',
      // One primary-key probe per changed row (the limit keeps the planner from scanning the whole table).
      sql: `select c.user_id, c.grain, c.period, c.dimension, c.key, ${MERGED_SUMS}
        from group_changes c left join lateral (
          select * from trade_analytics_groups g
          where (g.user_id, g.grain, g.period, g.dimension, g.key) = (c.user_id, c.grain, c.period, c.dimension, c.key)
          limit 1) g on true`,
      bindings: [],
    },
    {
      name: 'groups_emptied',
      sql: `delete from trade_analytics_groups
        where (${KEY}) in (select ${KEY} from group_sums where trades = 0)`,
      bindings: [],
    },
    {
      name: 'groups_kept',
      sql: `insert into trade_analytics_groups (${KEY}, ${SUM_COLUMNS})
        select ${KEY}, ${SUM_COLUMNS} from group_sums where trades > 0
        on conflict (${KEY}) do update set ${SET_SUMS}`,
      bindings: [],
    },
  ];
}

/** Exact sums of the day and month rows in their shortest text, as `groupWrites` keeps them (migration 0312). */
export async function trimGroupSums(db: Knex) {
  await db.raw(
    `update trade_analytics_groups
     set net_r = trim_scale(net_r), loss_r = trim_scale(loss_r), hold_minutes = trim_scale(hold_minutes)
     where grain in ('day', 'month')`,
  );
}
