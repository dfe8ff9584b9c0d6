import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent, type TradeFiguresData } from '@yoman/contracts';
import type { Projection, RecordedEvent } from '@yoman/platform';
import type { Knex } from 'knex';

/** The figure columns of a `trades` row, shared by logging and editing. */
function figureColumns(figures: TradeFiguresData) {
  return {
    symbol: figures.symbol,
    asset_type: figures.assetType,
    direction: figures.direction,
    session: figures.session,
    setup: figures.setup,
    entry_price: figures.entryPrice,
    exit_price: figures.exitPrice,
    stop_price: figures.stopPrice,
    target_price: figures.targetPrice,
    position_size: figures.positionSize,
    fees: figures.fees,
    point_value: figures.pointValue,
    pnl_usd: figures.pnlUsd,
    pnl_ils: figures.pnlIls,
    r_multiple: figures.rMultiple,
    usd_to_ils_rate: figures.usdToIlsRate,
    rate_date: figures.rateDate,
    entry_time: figures.entryTime,
    exit_time: figures.exitTime,
    timezone: figures.timezone,
    notes: figures.notes,
  };
}

async function applyTradeEvent(event: TradeEvent, trx: Knex.Transaction): Promise<void> {
  const trade = () => trx('trades').where({ id: event.data.tradeId });
  switch (event.type) {
    case 'trade.logged.v1': {
      const { data } = event;
      const row = {
        id: data.tradeId,
        user_id: data.userId,
        organisation_id: data.organisationId,
        ...figureColumns(data),
        screenshot_url: data.screenshotUrl,
        is_locked: false,
        lock_at: data.lockAt,
        trust_score: data.trustScore,
        logged_at: data.loggedAt,
      };
      await trx('trades').insert(row).onConflict('id').merge();
      return;
    }
    case 'trade.edited.v1':
      await trade().update(figureColumns(event.data));
      return;
    case 'trade.screenshot-attached.v1':
      await trade().update({ screenshot_url: event.data.screenshotUrl });
      return;
    case 'trade.locked.v1':
      await trade().update({ is_locked: true });
      return;
    case 'trade.trust-changed.v1':
      await trade().update({ trust_score: event.data.trustScore });
      return;
    case 'trade.deleted.v1':
      await trade().delete();
      return;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The `trades` read model: one row per live trade, as the list, the drawer and the dialog read it. */
export const tradesProjection: Projection = {
  name: 'trades',
  handles: TRADE_EVENT_TYPES,
  async apply(recorded: RecordedEvent, trx: Knex.Transaction) {
    const event = parseTradeEvent(recorded);
    // An event this version cannot read is skipped, never thrown on (STYLE: projectors go on).
    if (event) await applyTradeEvent(event, trx);
  },
  async reset(trx: Knex.Transaction) {
    await trx('trades').delete();
  },
};
