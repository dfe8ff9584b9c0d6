import type { Knex } from 'knex';
import { inChunks, periodList, type UserPeriod } from './analytics-rows';

const SUM_COLUMNS = 'trades, wins, losses, r_trades, net_r, loss_r_trades, loss_r, hold_minutes, screenshots';
const SUMMED = SUM_COLUMNS.split(', ')
  .map((column) => `sum(${column})`)
  .join(', ');

/** Each trade counted once under every dimension it has a key in; a trade without R has no bucket. */
const DIMENSIONS_OF_TRADE = `(values
  ('total', ''), ('session', t.session), ('setup', t.setup_key), ('symbol', t.symbol),
  ('hour', t.entry_hour::text), ('weekday', t.entry_weekday::text),
  ('heat', t.entry_weekday::text || ':' || t.entry_hour::text), ('bucket', t.r_bucket)
) as d(dimension, key)`;

const TRADE_SUMS = `count(*)::int, count(*) filter (where t.outcome = 1)::int, count(*) filter (where t.outcome = -1)::int,
  count(t.r_multiple)::int, coalesce(sum(t.r_multiple), 0),
  count(t.r_multiple) filter (where t.outcome = -1)::int, coalesce(sum(t.r_multiple) filter (where t.outcome = -1), 0),
  sum(t.hold_minutes), count(*) filter (where t.has_screenshot)::int`;

/** Recomputes the day rows of these days from their trades (a day left without trades keeps no rows). */
export async function recomputeDayGroups(trx: Knex.Transaction, days: readonly UserPeriod[]) {
  for (const chunk of inChunks(days)) {
    const list = periodList(chunk);
    await trx.raw(
      `delete from trade_analytics_groups where grain = 'day' and (user_id, period) in ${list.sql}`,
      list.bindings,
    );
    await trx.raw(
      `insert into trade_analytics_groups (user_id, grain, period, dimension, key, ${SUM_COLUMNS})
       select t.user_id, 'day', t.date, d.dimension, d.key, ${TRADE_SUMS}
       from trade_analytics_trades t cross join lateral ${DIMENSIONS_OF_TRADE}
       where (t.user_id, t.date) in ${list.sql} and d.key is not null
       group by t.user_id, t.date, d.dimension, d.key`,
      list.bindings,
    );
  }
}

/** The day rows of the months of a `(values …)` list, each month read as a range of the primary key. */
const daysOfMonths = (sql: string) =>
  `join ${sql} as m(user_id, month) on g.user_id = m.user_id and g.grain = 'day'
   and g.period between m.month || '-01' and m.month || '-31'`;

const EXACT_COLUMNS = ['net_r', 'loss_r', 'hold_minutes'];

/**
 * Adds (sign 1) or takes away (sign −1) these months' rows to or from their owners' all-time rows, so the
 * all-time rows follow a changed month without reading the others. Exact sums keep their shortest text
 * (`trim_scale`), the same whatever was added and taken away before.
 */
async function addMonthsToAllTime(trx: Knex.Transaction, months: readonly UserPeriod[], sign: 1 | -1) {
  const columns = SUM_COLUMNS.split(', ');
  const added = columns
    .map((column) => {
      const sum = `${sign} * sum(g.${column})`;
      return EXACT_COLUMNS.includes(column) ? `trim_scale(${sum})` : sum;
    })
    .join(', ');
  const merged = columns
    .map((column) => {
      const sum = `trade_analytics_groups.${column} + excluded.${column}`;
      return `${column} = ${EXACT_COLUMNS.includes(column) ? `trim_scale(${sum})` : sum}`;
    })
    .join(', ');
  for (const chunk of inChunks(months)) {
    const list = periodList(chunk);
    await trx.raw(
      `insert into trade_analytics_groups (user_id, grain, period, dimension, key, ${SUM_COLUMNS})
       select g.user_id, 'all', '', g.dimension, g.key, ${added}
       from trade_analytics_groups g join ${list.sql} as m(user_id, month)
         on g.user_id = m.user_id and g.grain = 'month' and g.period = m.month
       group by g.user_id, g.dimension, g.key
       on conflict (user_id, grain, period, dimension, key) do update set ${merged}`,
      list.bindings,
    );
  }
}

/**
 * Recomputes the month rows of these months from their day rows, taking the old rows out of the all-time
 * rows and the new ones in; an all-time row left without trades is dropped.
 */
export async function recomputeMonthGroups(trx: Knex.Transaction, months: readonly UserPeriod[]) {
  await addMonthsToAllTime(trx, months, -1);
  for (const chunk of inChunks(months)) {
    const list = periodList(chunk);
    await trx.raw(
      `delete from trade_analytics_groups where grain = 'month' and (user_id, period) in ${list.sql}`,
      list.bindings,
    );
    await trx.raw(
      `insert into trade_analytics_groups (user_id, grain, period, dimension, key, ${SUM_COLUMNS})
       select g.user_id, 'month', m.month, g.dimension, g.key, ${SUMMED}
       from trade_analytics_groups g ${daysOfMonths(list.sql)}
       group by g.user_id, m.month, g.dimension, g.key`,
      list.bindings,
    );
  }
  await addMonthsToAllTime(trx, months, 1);
  for (const chunk of inChunks([...new Set(months.map((month) => month.user_id))]))
    await trx('trade_analytics_groups').where({ grain: 'all', trades: 0 }).whereIn('user_id', chunk).delete();
}
