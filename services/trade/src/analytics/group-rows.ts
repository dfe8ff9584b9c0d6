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

/** The facts of a batch as a JSON parameter, numbers as text so they stay exact. */
const factsParameter = (facts: readonly SignedFact[]) =>
  JSON.stringify(facts.map(({ sign, fact }) => ({ sign, ...fact })));

const FACTS = `jsonb_to_recordset(?::jsonb) as f(sign int, user_id text, date text, entry_hour int,
  entry_weekday int, session text, setup_key text, symbol text, r_multiple numeric, r_bucket text, outcome int,
  hold_minutes numeric, has_screenshot boolean)`;

/** Each fact counted once in its day, its month and all time, under every dimension it has a key in. */
const ROWS_OF_FACT = `cross join lateral (values ('day', f.date), ('month', left(f.date, 7)), ('all', ''))
    as p(grain, period)
  cross join lateral (values
    ('total', ''), ('session', f.session), ('setup', f.setup_key), ('symbol', f.symbol),
    ('hour', f.entry_hour::text), ('weekday', f.entry_weekday::text),
    ('heat', f.entry_weekday::text || ':' || f.entry_hour::text), ('bucket', f.r_bucket)
  ) as d(dimension, key)`;

const SIGNED_SUMS = `sum(f.sign) as trades, coalesce(sum(f.sign) filter (where f.outcome = 1), 0) as wins,
  coalesce(sum(f.sign) filter (where f.outcome = -1), 0) as losses,
  coalesce(sum(f.sign) filter (where f.r_multiple is not null), 0) as r_trades,
  coalesce(sum(f.sign * f.r_multiple), 0) as net_r,
  coalesce(sum(f.sign) filter (where f.r_multiple is not null and f.outcome = -1), 0) as loss_r_trades,
  coalesce(sum(f.sign * f.r_multiple) filter (where f.outcome = -1), 0) as loss_r,
  sum(f.sign * f.hold_minutes) as hold_minutes,
  coalesce(sum(f.sign) filter (where f.has_screenshot), 0) as screenshots`;

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
      sql: `select f.user_id, p.grain, p.period, d.dimension, d.key, ${SIGNED_SUMS}
        from ${FACTS} ${ROWS_OF_FACT}
        where d.key is not null
        group by f.user_id, p.grain, p.period, d.dimension, d.key`,
      bindings: [factsParameter(facts)],
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
