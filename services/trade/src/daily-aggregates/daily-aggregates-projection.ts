import { parseTradeEvent, TRADE_EVENT_TYPES, TRUST_THRESHOLDS, type TradeEvent } from '@yoman/contracts';
import type { Projection, RecordedEvent } from '@yoman/platform';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';

interface DayKey {
  user_id: string;
  date: string;
}

/** The calendar day of an exit time in the owner's display time zone (rules §3). */
export function tradeDayOf(exitTime: string, timezone: string): string {
  const day = DateTime.fromISO(exitTime, { setZone: true }).setZone(timezone);
  // An unknown zone from an old event falls back to the product's default rather than dropping the trade.
  return (day.isValid ? day : DateTime.fromISO(exitTime).setZone('Asia/Jerusalem')).toISODate() as string;
}

async function dayOfTrade(trx: Knex.Transaction, tradeId: string): Promise<DayKey | undefined> {
  return trx('daily_aggregate_trades')
    .where({ trade_id: tradeId })
    .first('user_id', trx.raw(`to_char(date, 'YYYY-MM-DD') as date`));
}

/** Recomputes one user's day from its trades; a day left without trades has no row. */
async function recomputeDay(trx: Knex.Transaction, { user_id, date }: DayKey): Promise<void> {
  await trx('daily_aggregates').where({ user_id, date }).delete();
  const wins = 'count(*) filter (where pnl_usd > 0)::int';
  const sessionR = (session: string) => `coalesce(sum(r_multiple) filter (where session = '${session}'), 0)`;
  const sessionTrades = (session: string) => `count(*) filter (where session = '${session}')::int`;
  await trx.raw(
    `insert into daily_aggregates (user_id, date, net_r, net_pnl_ils, total_trades, winning_trades, r_trades,
       all_have_screenshots, has_low_trust, asia_net_r, asia_trades, london_net_r, london_trades,
       new_york_net_r, new_york_trades)
     select user_id, date, coalesce(sum(r_multiple), 0), sum(pnl_ils), count(*)::int, ${wins},
       count(r_multiple)::int, bool_and(has_screenshot), bool_or(trust_score < ?),
       ${sessionR('asia')}, ${sessionTrades('asia')}, ${sessionR('london')}, ${sessionTrades('london')},
       ${sessionR('new_york')}, ${sessionTrades('new_york')}
     from daily_aggregate_trades where user_id = ? and date = ? group by user_id, date`,
    [TRUST_THRESHOLDS.medium, user_id, date],
  );
}

async function applyTradeEvent(event: TradeEvent, trx: Knex.Transaction): Promise<void> {
  const tradeId = event.data.tradeId;
  const before = await dayOfTrade(trx, tradeId);
  const row = () => trx('daily_aggregate_trades').where({ trade_id: tradeId });
  switch (event.type) {
    case 'trade.logged.v1':
    case 'trade.edited.v1': {
      const { data } = event;
      const screenshot =
        event.type === 'trade.logged.v1' ? { has_screenshot: event.data.screenshotUrl !== null } : {};
      const values = {
        user_id: data.userId,
        date: tradeDayOf(data.exitTime, data.timezone),
        session: data.session,
        r_multiple: data.rMultiple,
        pnl_usd: data.pnlUsd,
        pnl_ils: data.pnlIls,
        ...screenshot,
      };
      if (event.type === 'trade.logged.v1') {
        await trx('daily_aggregate_trades')
          .insert({ trade_id: tradeId, trust_score: event.data.trustScore, has_screenshot: false, ...values })
          .onConflict('trade_id')
          .merge();
      } else if (before) {
        await row().update(values);
      }
      break;
    }
    case 'trade.screenshot-attached.v1':
      await row().update({ has_screenshot: true });
      break;
    case 'trade.trust-changed.v1':
      await row().update({ trust_score: event.data.trustScore });
      break;
    case 'trade.deleted.v1':
      await row().delete();
      break;
    case 'trade.locked.v1':
      return;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
  const after = await dayOfTrade(trx, tradeId);
  if (before && (!after || before.date !== after.date)) await recomputeDay(trx, before);
  if (after) await recomputeDay(trx, after);
}

/** The `daily_aggregates` read model: one row per user and day in the user's time zone (spec §3, rules §3). */
export const dailyAggregatesProjection: Projection = {
  name: 'daily_aggregates',
  handles: TRADE_EVENT_TYPES,
  async apply(recorded: RecordedEvent, trx: Knex.Transaction) {
    const event = parseTradeEvent(recorded);
    if (event) await applyTradeEvent(event, trx);
  },
  async reset(trx: Knex.Transaction) {
    await trx('daily_aggregates').delete();
    await trx('daily_aggregate_trades').delete();
  },
};
