import type { TradeEvent } from '@yoman/contracts';
import { type RecordedEvent, UnreadableEventError } from '@yoman/platform';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradeMigrations } from '../migrations';
import { tradeDayOf } from '../time/zoned-time';
import { LOCK_AT, loggedEvent, TRADE_ID, trustChangedEvent, USER_ID } from '../trades/trade-fixtures';
import { findTrade, listTrades } from '../trades/trade-queries';
import { tradesProjection } from '../trades/trades-projection';
import { findDailyAggregate, listDailyAggregates } from './daily-aggregate-queries';
import { dailyAggregatesProjection } from './daily-aggregates-projection';

let db: Knex;
const projections = [tradesProjection, dailyAggregatesProjection];

beforeAll(async () => {
  db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  for (const migration of tradeMigrations) await migration.up(db);
});
afterAll(() => db.destroy());
beforeEach(async () => {
  await db.transaction(async (trx) => {
    for (const projection of projections) await projection.reset(trx);
  });
});

function recorded(events: TradeEvent[]): RecordedEvent[] {
  return events.map((event, index) => ({
    ...event,
    position: index + 1,
    streamId: `trade-${event.data.tradeId}`,
    streamType: 'trade',
    version: index + 1,
    metadata: {},
    recordedAt: new Date(),
  }));
}

async function project(events: TradeEvent[]) {
  for (const event of recorded(events)) {
    await db.transaction(async (trx) => {
      for (const projection of projections) await projection.apply(event, trx);
    });
  }
}

const SECOND_ID = '7c1d2e3f-4a5b-4c6d-8e7f-901234567890';
const second = (overrides: Parameters<typeof loggedEvent>[0] = {}) =>
  loggedEvent({ tradeId: SECOND_ID, ...overrides });

describe('trades read model', () => {
  it('a logged trade reads back with its figures, lock time and trust', async () => {
    await project([loggedEvent()]);
    expect(await findTrade(db, USER_ID, TRADE_ID)).toEqual({
      id: TRADE_ID,
      symbol: 'EURUSD',
      assetType: 'forex',
      direction: 'long',
      session: 'london',
      setup: 'breakout',
      setupId: null,
      entryPrice: '1.1',
      exitPrice: '1.105',
      stopPrice: '1.095',
      targetPrice: null,
      positionSize: '1',
      fees: '0',
      pnlUsd: '500.00',
      pnlIls: '1850.00',
      rMultiple: '1.0000',
      entryTime: '2026-03-10T08:00:00.000Z',
      exitTime: '2026-03-10T10:00:00.000Z',
      notes: null,
      hasScreenshot: false,
      screenshotUrl: null,
      screenshotSha256: null,
      isLocked: false,
      lockAt: LOCK_AT,
      trustScore: 100,
    });
  });

  it("follows edits, screenshots, locks and trust changes, and hides another user's trade", async () => {
    await project([
      loggedEvent(),
      {
        type: 'trade.screenshot-attached.v1',
        data: {
          tradeId: TRADE_ID,
          userId: USER_ID,
          screenshotUrl: '/s/1',
          attachedAt: '2026-03-10T11:00:00.000Z',
        },
      },
      {
        type: 'trade.locked.v1',
        data: { tradeId: TRADE_ID, userId: USER_ID, lockAt: LOCK_AT, lockedAt: LOCK_AT },
      },
      trustChangedEvent('late_logging', -5, 95, LOCK_AT),
    ]);
    expect(await findTrade(db, USER_ID, TRADE_ID)).toMatchObject({
      hasScreenshot: true,
      screenshotUrl: '/s/1',
      isLocked: true,
      trustScore: 95,
    });
    expect(await findTrade(db, 'user-2', TRADE_ID)).toBeUndefined();
  });

  it("shows a screenshot's hash from its event, and none for an event written before hashes were", async () => {
    const attached = (screenshotUrl: string, screenshotSha256?: string): TradeEvent => ({
      type: 'trade.screenshot-attached.v1',
      data: {
        tradeId: TRADE_ID,
        userId: USER_ID,
        screenshotUrl,
        ...(screenshotSha256 ? { screenshotSha256 } : {}),
        attachedAt: '2026-03-10T11:00:00.000Z',
      },
    });
    await project([loggedEvent(), attached('/s/1', 'c'.repeat(64))]);
    expect(await findTrade(db, USER_ID, TRADE_ID)).toMatchObject({ screenshotSha256: 'c'.repeat(64) });
    await project([attached('/s/2')]);
    expect(await findTrade(db, USER_ID, TRADE_ID)).toMatchObject({
      screenshotUrl: '/s/2',
      screenshotSha256: null,
    });
  });

  it('a deleted trade leaves the list and its day', async () => {
    await project([
      loggedEvent(),
      {
        type: 'trade.deleted.v1',
        data: { tradeId: TRADE_ID, userId: USER_ID, deletedAt: '2026-03-10T12:00:00.000Z' },
      },
    ]);
    expect(await findTrade(db, USER_ID, TRADE_ID)).toBeUndefined();
    expect(await listDailyAggregates(db, USER_ID, 2026, 3)).toEqual([]);
  });
});

describe('daily aggregates read model', () => {
  it('sums a day: net R (null R as 0), net P&L in ILS, wins, R trades, screenshots, low trust, sessions', async () => {
    await project([
      loggedEvent(),
      second({
        session: 'asia',
        rMultiple: null,
        pnlUsd: '-100.00',
        pnlIls: '-370.00',
        screenshotUrl: '/s/2',
      }),
      trustChangedEvent('logged_after_lock', -45, 55, LOCK_AT),
    ]);
    expect(await findDailyAggregate(db, USER_ID, '2026-03-10')).toEqual({
      date: '2026-03-10',
      netR: '1.0000',
      netPnlIls: '1480.00',
      totalTrades: 2,
      winningTrades: 1,
      rTrades: 1,
      allHaveScreenshots: false,
      hasLowTrust: true,
      sessionBreakdown: {
        asia: { netR: '0', trades: 1 },
        london: { netR: '1.0000', trades: 1 },
        newYork: { netR: '0', trades: 0 },
      },
    });
  });

  it("puts a trade on its exit day in the owner's time zone", async () => {
    // 23:30Z on 10 March is 01:30 on 11 March in Jerusalem, still 10 March in New York.
    await project([
      loggedEvent({ exitTime: '2026-03-10T23:30:00.000Z' }),
      second({ exitTime: '2026-03-10T23:30:00.000Z', timezone: 'America/New_York' }),
    ]);
    const days = await listDailyAggregates(db, USER_ID, 2026, 3);
    expect(days.map((day) => [day.date, day.totalTrades])).toEqual([
      ['2026-03-10', 1],
      ['2026-03-11', 1],
    ]);
    expect(tradeDayOf('2026-03-10T23:30:00.000Z', 'Asia/Jerusalem')).toBe('2026-03-11');
  });

  it('an edit that moves the exit to another day moves the trade between days', async () => {
    const { data } = loggedEvent() as Extract<TradeEvent, { type: 'trade.logged.v1' }>;
    const {
      tradeId,
      userId,
      screenshotUrl: _s,
      loggedAt: _l,
      lockAt: _k,
      trustScore: _t,
      organisationId: _o,
      ...figures
    } = data;
    await project([
      loggedEvent(),
      {
        type: 'trade.edited.v1',
        data: {
          ...figures,
          tradeId,
          userId,
          exitTime: '2026-03-12T10:00:00.000Z',
          changedFields: ['exitTime'],
          material: true,
          editedAt: '2026-03-10T12:00:00.000Z',
        },
      },
    ]);
    const days = await listDailyAggregates(db, USER_ID, 2026, 3);
    expect(days.map((day) => day.date)).toEqual(['2026-03-12']);
  });

  it('a day without trades answers as an empty day', async () => {
    expect(await findDailyAggregate(db, USER_ID, '2026-03-01')).toMatchObject({ totalTrades: 0, netR: '0' });
  });

  it('replaying the same events twice gives the same rows (idempotent projection)', async () => {
    const events = [
      loggedEvent(),
      second({ session: 'new_york' }),
      trustChangedEvent('late_logging', -5, 95, LOCK_AT),
    ];
    await project(events);
    const once = [
      await listDailyAggregates(db, USER_ID, 2026, 3),
      await listTrades(db, {}, { userId: USER_ID, timezone: 'UTC', now: new Date() }),
    ];
    await project(events);
    const twice = [
      await listDailyAggregates(db, USER_ID, 2026, 3),
      await listTrades(db, {}, { userId: USER_ID, timezone: 'UTC', now: new Date() }),
    ];
    expect(twice).toEqual(once);
  });

  it('refuses an event it cannot read with an UnreadableEventError (the runner records it) and writes nothing', async () => {
    const unreadable = { type: 'trade.logged.v1', data: { tradeId: 'not-a-uuid' } } as unknown as TradeEvent;
    await expect(project([unreadable])).rejects.toBeInstanceOf(UnreadableEventError);
    expect(await listDailyAggregates(db, USER_ID, 2026, 3)).toEqual([]);
  });
});
