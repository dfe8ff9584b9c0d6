import type { Knex } from 'knex';
import { inChunks, keyOf, periodList, type UserPeriod } from './analytics-rows';
import type { Outcome } from './figures';
import { composedSequenceOf, type DaySequence, daySequenceOf, streaksOf } from './sequences';

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
export async function recomputeDaySequences(trx: Knex.Transaction, days: readonly UserPeriod[]) {
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
export async function recomputeMonthSequences(trx: Knex, months: readonly UserPeriod[]) {
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
export async function recomputeStreaks(trx: Knex.Transaction, users: readonly string[]) {
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
