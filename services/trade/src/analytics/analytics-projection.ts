import { randomUUID } from 'node:crypto';
import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent } from '@yoman/contracts';
import { batchedProjection, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';
import type { Outcome } from './figures';
import { peerScopesOf } from './peer-scopes';
import { composedSequenceOf, type DaySequence, daySequenceOf, streaksOf } from './sequences';
import { nextFact, type TradeFact } from './trade-facts';

// Keeps each statement well under Postgres' 65,535 bind parameters whatever the runner's batch size.
const ROWS_PER_STATEMENT = 1000;

function inChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

interface UserPeriod {
  user_id: string;
  period: string;
}

/** `(values (?, ?), …)` for a list of a user's periods, with its bindings. */
function periodList(keys: readonly UserPeriod[]) {
  return {
    sql: `(values ${keys.map(() => '(?, ?)').join(', ')})`,
    bindings: keys.flatMap((key) => [key.user_id, key.period]),
  };
}

const SUM_COLUMNS = 'trades, wins, losses, r_trades, net_r, loss_r_trades, loss_r, hold_minutes, screenshots';
const SUMMED = SUM_COLUMNS.split(', ')
  .map((column) => `sum(${column})`)
  .join(', ');

/** The stored facts of these trades; numbers read back as text so they stay exact. */
async function loadFacts(
  trx: Knex.Transaction,
  tradeIds: readonly string[],
): Promise<Map<string, TradeFact>> {
  const facts = new Map<string, TradeFact>();
  for (const chunk of inChunks(tradeIds)) {
    const rows = await trx('trade_analytics_trades')
      .whereIn('trade_id', chunk)
      .select(
        'trade_id',
        'user_id',
        'date',
        'entry_hour',
        'entry_weekday',
        'session',
        'setup_key',
        'symbol',
        'r_bucket',
        'outcome',
        'has_screenshot',
        trx.raw('r_multiple::text as r_multiple'),
        trx.raw('hold_minutes::text as hold_minutes'),
        trx.raw(`to_char(exit_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as exit_time`),
      );
    for (const row of rows as TradeFact[]) facts.set(row.trade_id, row);
  }
  return facts;
}

async function saveFacts(trx: Knex.Transaction, saved: readonly TradeFact[], deletedIds: readonly string[]) {
  for (const chunk of inChunks(deletedIds))
    await trx('trade_analytics_trades').whereIn('trade_id', chunk).delete();
  for (const chunk of inChunks(saved))
    await trx('trade_analytics_trades').insert(chunk).onConflict('trade_id').merge();
}

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
async function recomputeDayGroups(trx: Knex.Transaction, days: readonly UserPeriod[]) {
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
async function recomputeMonthGroups(trx: Knex.Transaction, months: readonly UserPeriod[]) {
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

/** The sequence columns of a `trade_analytics_days` or `trade_analytics_months` row as stored. */
interface SequenceRow {
  trades: number;
  net_r: string;
  peak: string;
  trough: string;
  drawdown: string;
  first_run: number;
  last_run: number;
  max_win_run: number;
  max_loss_run: number;
}

interface DayRow extends SequenceRow {
  user_id: string;
  date: string;
}

export const daySequenceOfRow = (row: SequenceRow): DaySequence => ({
  trades: Number(row.trades),
  netR: Number(row.net_r),
  peak: Number(row.peak),
  trough: Number(row.trough),
  drawdown: Number(row.drawdown),
  firstRun: Number(row.first_run),
  lastRun: Number(row.last_run),
  maxWinRun: Number(row.max_win_run),
  maxLossRun: Number(row.max_loss_run),
});

const sequenceColumns = (sequence: DaySequence) => ({
  trades: sequence.trades,
  net_r: sequence.netR,
  peak: sequence.peak,
  trough: sequence.trough,
  drawdown: sequence.drawdown,
  first_run: sequence.firstRun,
  last_run: sequence.lastRun,
  max_win_run: sequence.maxWinRun,
  max_loss_run: sequence.maxLossRun,
});

/** Recomputes these days' sequence summaries from their trades in exit order. */
async function recomputeDaySequences(trx: Knex.Transaction, days: readonly UserPeriod[]) {
  for (const chunk of inChunks(days)) {
    const list = periodList(chunk);
    const { rows } = await trx.raw<{
      rows: { user_id: string; date: string; r: string | null; outcome: number }[];
    }>(
      `select t.user_id, t.date, t.r_multiple::text as r, t.outcome
       from trade_analytics_trades t where (t.user_id, t.date) in ${list.sql}
       order by t.user_id, t.date, t.exit_time, t.trade_id`,
      list.bindings,
    );
    const byDay = new Map<
      string,
      { user_id: string; date: string; trades: { r: number | null; outcome: Outcome }[] }
    >();
    for (const row of rows) {
      const key = `${row.user_id}\n${row.date}`;
      const day = byDay.get(key) ?? { user_id: row.user_id, date: row.date, trades: [] };
      day.trades.push({ r: row.r === null ? null : Number(row.r), outcome: Number(row.outcome) as Outcome });
      byDay.set(key, day);
    }
    await trx.raw(`delete from trade_analytics_days where (user_id, date) in ${list.sql}`, list.bindings);
    const saved = [...byDay.values()].map(({ user_id, date, trades }) => ({
      user_id,
      date,
      ...sequenceColumns(daySequenceOf(trades)),
    }));
    if (saved.length > 0) await trx('trade_analytics_days').insert(saved);
  }
}

/** Recomputes these months' sequence summaries by composing their days in order (a month without days has none). */
async function recomputeMonthSequences(trx: Knex, months: readonly UserPeriod[]) {
  for (const chunk of inChunks(months)) {
    const list = periodList(chunk);
    const { rows } = await trx.raw<{ rows: (DayRow & { month: string })[] }>(
      `select m.month, g.* from trade_analytics_days g join ${list.sql} as m(user_id, month)
         on g.user_id = m.user_id and g.date between m.month || '-01' and m.month || '-31'
       order by g.user_id, g.date`,
      list.bindings,
    );
    const byMonth = new Map<string, { user_id: string; month: string; days: DaySequence[] }>();
    for (const row of rows) {
      const key = keyOf(row.user_id, row.month);
      const month = byMonth.get(key) ?? { user_id: row.user_id, month: row.month, days: [] };
      month.days.push(daySequenceOfRow(row));
      byMonth.set(key, month);
    }
    await trx.raw(`delete from trade_analytics_months where (user_id, month) in ${list.sql}`, list.bindings);
    const saved = [...byMonth.values()].map(({ user_id, month, days }) => ({
      user_id,
      month,
      ...sequenceColumns(composedSequenceOf(days)),
    }));
    if (saved.length > 0) await trx('trade_analytics_months').insert(saved);
  }
}

/** Composes the month summaries of every day row kept (the months table added beside existing days). */
export async function fillMonthSequences(db: Knex) {
  const months: UserPeriod[] = await db('trade_analytics_days')
    .distinct('user_id', db.raw('left(date, 7) as period'))
    .orderBy(['user_id', 'period']);
  await recomputeMonthSequences(db, months);
}

/** Recomputes these users' all-time streaks by composing their months in order. */
async function recomputeStreaks(trx: Knex.Transaction, users: readonly string[]) {
  for (const userId of users) {
    const months: SequenceRow[] = await trx('trade_analytics_months')
      .where('user_id', userId)
      .orderBy('month');
    const streaks = streaksOf(months.map(daySequenceOfRow));
    await trx('trade_analytics_streaks')
      .insert({
        user_id: userId,
        current_streak: streaks.current,
        max_win_streak: streaks.maxWin,
        max_loss_streak: streaks.maxLoss,
      })
      .onConflict('user_id')
      .merge();
  }
}

/** Keeps each user's organisation as of their latest logged trade (the same in any order of the streams). */
async function recordMembers(trx: Knex.Transaction, events: readonly TradeEvent[]) {
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
  for (const chunk of inChunks([...latest.values()])) {
    await trx('trade_analytics_members')
      .insert(chunk)
      .onConflict('user_id')
      .merge()
      .where('trade_analytics_members.logged_at', '<', trx.raw('excluded.logged_at'));
  }
}

/** Namespace of the per-user advisory locks that serialise recomputing a user's analytics. */
const ANALYTICS_LOCK_NAMESPACE = 74_121;

async function lockOwners(trx: Knex.Transaction, owners: Iterable<string>) {
  // Sorted, so two transactions never wait on each other in opposite orders.
  for (const owner of [...new Set(owners)].sort()) {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [ANALYTICS_LOCK_NAMESPACE, owner]);
  }
}

const keyOf = (userId: string, period: string) => `${userId}\n${period}`;

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
  await saveFacts(trx, saved, deletedIds);
  const peers = await peerScopesOf(trx, [...new Set(events.map((event) => event.data.userId))]);
  await recordMembers(trx, events);
  if (days.size === 0) return;
  const dayList = [...days.values()];
  const months = [
    ...new Map(
      dayList.map((day) => {
        const month = { user_id: day.user_id, period: day.period.slice(0, 7) };
        return [keyOf(month.user_id, month.period), month];
      }),
    ).values(),
  ];
  const users = [...new Set(dayList.map((day) => day.user_id))];
  await recomputeDayGroups(trx, dayList);
  await recomputeMonthGroups(trx, months);
  await recomputeDaySequences(trx, dayList);
  await recomputeMonthSequences(trx, months);
  await recomputeStreaks(trx, users);
  await stampUsers(trx, 'trade_analytics_stamps', users);
  await peers.after(users);
}

/** Gives these users a fresh stamp: answers computed from their rows before are out of date. */
export async function stampUsers(trx: Knex.Transaction, table: string, users: readonly string[]) {
  for (const chunk of inChunks(users)) {
    const rows = chunk.map((user_id) => ({ user_id, stamp: randomUUID() }));
    await trx(table).insert(rows).onConflict('user_id').merge();
  }
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
