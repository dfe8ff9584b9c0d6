import { calendarIntensity } from '@yoman/ui';
import { describe, expect, it } from 'vitest';
import { averageR, dayTone, dayValue, percentOfR, winRate } from './day-figures';
import { monthKpis, weekSummary } from './month-kpis';
import { sessionBreakdownOf, type TradeForDay, tradeDay, tradesByDay } from './trades-by-day';

const day = (date: string, netR: string, netPnlIls: string, totalTrades: number, winningTrades: number) => ({
  date,
  netR,
  netPnlIls,
  totalTrades,
  winningTrades,
  rTrades: totalTrades,
  allHaveScreenshots: true,
  hasLowTrust: false,
});

describe('day intensity and units', () => {
  it('scales the tint by |netR| / 5 and caps it at 1', () => {
    expect(calendarIntensity('2.5')).toBe(0.5);
    expect(calendarIntensity('-1')).toBeCloseTo(0.2);
    expect(calendarIntensity('-7.3')).toBe(1);
    expect(calendarIntensity('5')).toBe(1);
    expect(calendarIntensity('0')).toBe(0);
  });

  it('shows PERCENT as net R × 2 and each unit from its own field', () => {
    expect(percentOfR('1.25')).toBe(2.5);
    expect(percentOfR('-3')).toBe(-6);
    const d = { netR: '1.5', netPnlIls: '812.40' };
    expect(dayValue(d, 'R')).toBe(1.5);
    expect(dayValue(d, 'ILS')).toBe(812.4);
    expect(dayValue(d, 'PERCENT')).toBe(3);
  });

  it('colours by the sign of R, falling back to shekels when R is zero, and grey without trades', () => {
    expect(dayTone({ netR: '-0.4', netPnlIls: '-10', totalTrades: 1 })).toBe('loss');
    expect(dayTone({ netR: '0', netPnlIls: '35', totalTrades: 1 })).toBe('profit');
    expect(dayTone({ netR: '0', netPnlIls: '0', totalTrades: 0 })).toBe('flat');
  });

  it('rounds the win rate and guards the empty day', () => {
    expect(winRate(2, 3)).toBe(67);
    expect(winRate(0, 0)).toBe(0);
    expect(averageR('3', 4)).toBe(0.75);
    // Trades without a stop have no R and are left out of the average (domain rules §1).
    expect(averageR('3', 2)).toBe(1.5);
    expect(averageR('3', 0)).toBe(0);
  });
});

describe('monthKpis', () => {
  it('sums the month and counts winning days by positive shekels', () => {
    const k = monthKpis([
      day('2026-11-02', '2.5', '1000', 2, 2),
      day('2026-11-03', '-1', '-400', 1, 0),
      day('2026-11-04', '0.5', '150.6', 3, 1),
      day('2026-11-05', '0', '0', 0, 0),
    ]);
    expect(k.netR).toBeCloseTo(2);
    expect(k.trades).toBe(6);
    expect(k.winRate).toBe(50);
    expect(k.averageR).toBeCloseTo(2 / 6);
    expect(k.profitIls).toBeCloseTo(750.6);
    expect(k.tradingDays).toBe(3);
    expect(k.winningDays).toBe(2);
    expect(k.consistency).toBe(67);
  });

  it('is all zeros for an empty month', () => {
    expect(monthKpis([])).toEqual({
      netR: 0,
      trades: 0,
      winRate: 0,
      averageR: 0,
      profitIls: 0,
      tradingDays: 0,
      winningDays: 0,
      consistency: 0,
    });
  });

  it('summarises a week as net R and win percentage', () => {
    expect(weekSummary([day('2026-11-01', '1', '10', 1, 1), day('2026-11-02', '-2', '-20', 3, 1)])).toEqual({
      netR: -1,
      winRate: 50,
      trades: 4,
    });
  });
});

describe('tradesByDay (session and asset filters)', () => {
  const trade = (
    exitTime: string,
    r: string | null,
    ils: string,
    extra: Partial<TradeForDay> = {},
  ): TradeForDay => ({
    exitTime,
    rMultiple: r,
    pnlIls: ils,
    hasScreenshot: true,
    trustScore: 100,
    session: 'london',
    ...extra,
  });

  it('puts a trade on its exit day in Israel, not in UTC', () => {
    expect(tradeDay('2026-11-22T22:30:00.000Z', 'Asia/Jerusalem')).toBe('2026-11-23');
  });

  it('builds daily results like the server: null R as 0, low trust below 60, screenshots on all', () => {
    const days = tradesByDay(
      [
        trade('2026-11-03T08:00:00Z', '1.5', '500'),
        trade('2026-11-03T09:00:00Z', null, '-100', { hasScreenshot: false }),
        trade('2026-11-02T09:00:00Z', '-1', '-300', { trustScore: 55 }),
      ],
      'Asia/Jerusalem',
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-02', '2026-11-03']);
    expect(days[1]).toMatchObject({
      netR: '1.5',
      netPnlIls: '400',
      totalTrades: 2,
      winningTrades: 1,
      rTrades: 1,
      allHaveScreenshots: false,
      hasLowTrust: false,
    });
    expect(days[0]).toMatchObject({ hasLowTrust: true, allHaveScreenshots: true, winningTrades: 0 });
  });

  it('breaks a day down by session', () => {
    const b = sessionBreakdownOf([
      trade('2026-11-03T08:00:00Z', '1', '1', { session: 'asia' }),
      trade('2026-11-03T08:00:00Z', '2', '1', { session: 'new_york' }),
      trade('2026-11-03T08:00:00Z', '-0.5', '1', { session: 'new_york' }),
    ]);
    expect(b).toEqual({
      asia: { netR: 1, trades: 1 },
      london: { netR: 0, trades: 0 },
      newYork: { netR: 1.5, trades: 2 },
    });
  });
});
