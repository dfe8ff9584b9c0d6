import { parseTradeEvent, TRADE_EVENT_TYPES, type TradeEvent, type TradeFiguresData } from '@yoman/contracts';
import { batchedProjection, type Projection } from '@yoman/platform';
import type { Knex } from 'knex';

/** The figure columns of a `trades` row, shared by logging and editing. */
function figureColumns(figures: TradeFiguresData) {
  return {
    symbol: figures.symbol,
    asset_type: figures.assetType,
    direction: figures.direction,
    session: figures.session,
    setup: figures.setup,
    setup_id: figures.setupId,
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

type TradeRow = ReturnType<typeof loggedRow>;
type TradeChange = Exclude<TradeEvent, { type: 'trade.logged.v1' | 'trade.deleted.v1' }>;

// Keeps a bulk insert well under Postgres' 65,535 bind parameters (about 30 columns a row).
const ROWS_PER_INSERT = 1000;

/** The whole `trades` row a logged trade writes (a logged event replaces every column). */
function loggedRow(data: Extract<TradeEvent, { type: 'trade.logged.v1' }>['data']) {
  return {
    id: data.tradeId,
    user_id: data.userId,
    organisation_id: data.organisationId,
    ...figureColumns(data),
    screenshot_url: data.screenshotUrl,
    screenshot_sha256: data.screenshotSha256 ?? null,
    is_locked: false,
    lock_at: data.lockAt,
    trust_score: data.trustScore,
    logged_at: data.loggedAt,
  };
}

/** The columns an event after logging changes. */
function changedColumns(event: TradeChange): Partial<TradeRow> {
  switch (event.type) {
    case 'trade.edited.v1':
      return figureColumns(event.data);
    case 'trade.screenshot-attached.v1':
      return {
        screenshot_url: event.data.screenshotUrl,
        screenshot_sha256: event.data.screenshotSha256 ?? null,
      };
    case 'trade.locked.v1':
      return { is_locked: true };
    case 'trade.trust-changed.v1':
      return { trust_score: event.data.trustScore };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * Applies a batch with as few statements as the events allow. A trade logged or deleted within the batch is
 * folded in memory (its later events change the row before it is written), so a rebuild writes each trade
 * once, in bulk. An event on a trade this batch has not logged updates the stored row there and then, so
 * the order of each trade's changes is kept.
 */
async function applyTradeEvents(events: readonly TradeEvent[], trx: Knex.Transaction): Promise<void> {
  // undefined value: deleted within this batch.
  const folded = new Map<string, TradeRow | undefined>();
  for (const event of events) {
    const tradeId = event.data.tradeId;
    if (event.type === 'trade.logged.v1') folded.set(tradeId, loggedRow(event.data));
    else if (event.type === 'trade.deleted.v1') folded.set(tradeId, undefined);
    else if (folded.has(tradeId)) {
      const row = folded.get(tradeId);
      if (row) folded.set(tradeId, { ...row, ...changedColumns(event) });
    } else await trx('trades').where({ id: tradeId }).update(changedColumns(event));
  }
  const rows: TradeRow[] = [];
  const deletedIds: string[] = [];
  for (const [tradeId, row] of folded) {
    if (row) rows.push(row);
    else deletedIds.push(tradeId);
  }
  if (deletedIds.length > 0) await trx('trades').whereIn('id', deletedIds).delete();
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx('trades')
      .insert(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict('id')
      .merge();
  }
}

/** The `trades` read model: one row per live trade, as the list, the drawer and the dialog read it. */
export const tradesProjection: Projection = batchedProjection({
  name: 'trades',
  handles: TRADE_EVENT_TYPES,
  parse: parseTradeEvent,
  applyEvents: applyTradeEvents,
  tables: ['trades'],
  ownerOf: (event) => event.data.userId,
});
