import { parseTradeEvent } from '@yoman/contracts';
import { marketModule } from '@yoman/market';
import { createTestApp, type TestApp } from '@yoman/platform/testing';
import { createTradeModule } from '@yoman/trade';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchMonthOf, exitTimesOf, lockedTradeEvents, writeLockedTrades } from './bench-trades';

const END = new Date('2026-11-01T00:00:00.000Z');

describe('the bench seed', () => {
  it('writes the events the decider writes for a trade locked without a screenshot', () => {
    const events = lockedTradeEvents('u1', 1, new Date('2026-10-05T10:00:00.000Z'));
    expect(events.map((event) => event.type)).toEqual([
      'trade.logged.v1',
      'trade.locked.v1',
      'trade.trust-changed.v1',
    ]);
    for (const event of events) expect(parseTradeEvent(event)).toBeDefined();
  });

  it('spreads exit times over the days before the end, never after it', () => {
    const times = exitTimesOf(500, 30, END);
    expect(Math.max(...times.map(Number))).toBeLessThan(END.getTime());
    expect(Math.min(...times.map(Number))).toBeGreaterThanOrEqual(END.getTime() - 30 * 86_400_000);
  });

  it('asks about a month in the forms the screens send, the list period covering it to the last millisecond', () => {
    expect(benchMonthOf(2026, 2)).toEqual({
      param: '2026-02',
      calendarQuery: 'year=2026&month=2',
      listRange: 'startDate=2026-02-01T00:00:00.000Z&endDate=2026-02-28T23:59:59.999Z',
    });
    expect(benchMonthOf(2025, 12).listRange).toBe(
      'startDate=2025-12-01T00:00:00.000Z&endDate=2025-12-31T23:59:59.999Z',
    );
  });

  describe('rebuilt through the real projections', () => {
    let harness: TestApp;
    beforeAll(async () => {
      harness = await createTestApp({ modules: [marketModule, createTradeModule()] });
    });
    afterAll(() => harness?.close());

    it('gives locked trades and daily aggregates for every trade written', async () => {
      const written = await writeLockedTrades(harness.platform, 'u1', exitTimesOf(40, 10, END));
      expect(written).toBe(100);
      await harness.running.projections.replay();
      const trades = await harness.platform.db('trades').where({ user_id: 'u1' });
      expect(trades).toHaveLength(40);
      expect(trades.every((trade: { is_locked: boolean }) => trade.is_locked)).toBe(true);
      const days = await harness.platform.db('daily_aggregates').where({ user_id: 'u1' });
      expect(days.length).toBeGreaterThanOrEqual(9);
      const total = days.reduce((sum: number, day: { total_trades: number }) => sum + day.total_trades, 0);
      expect(total).toBe(40);
    });
  });
});
