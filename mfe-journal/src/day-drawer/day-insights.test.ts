import { describe, expect, it } from 'vitest';
import { dayInsights } from './day-insights';
import { daySummary } from './day-summary';

describe('dayInsights', () => {
  const breakdown = {
    asia: { netR: -1, trades: 1 },
    london: { netR: 2.5, trades: 2 },
    newYork: { netR: 0, trades: 0 },
  };

  it('names the strongest traded session and sums R', () => {
    const i = dayInsights(breakdown, [
      { hasScreenshot: true, rMultiple: '-1' },
      { hasScreenshot: true, rMultiple: '2' },
      { hasScreenshot: false, rMultiple: '0.5' },
    ]);
    expect(i.strongestSession).toEqual({ session: 'london', netR: 2.5 });
    expect(i.totalR).toBe(1.5);
    expect(i.averageR).toBe(0.5);
    expect(i.allHaveScreenshots).toBe(false);
    expect(i.tradesWithoutScreenshot).toBe(1);
  });

  it('prefers a losing session over an untraded one when all traded sessions lost', () => {
    const i = dayInsights(
      { asia: { netR: -2, trades: 1 }, london: { netR: -0.5, trades: 1 }, newYork: { netR: 0, trades: 0 } },
      [
        { hasScreenshot: true, rMultiple: '-2' },
        { hasScreenshot: true, rMultiple: '-0.5' },
      ],
    );
    expect(i.strongestSession?.session).toBe('london');
    expect(i.allHaveScreenshots).toBe(true);
  });

  it('has no strongest session on an empty day', () => {
    const i = dayInsights(
      { asia: { netR: 0, trades: 0 }, london: { netR: 0, trades: 0 }, newYork: { netR: 0, trades: 0 } },
      [],
    );
    expect(i).toEqual({
      strongestSession: null,
      allHaveScreenshots: false,
      tradesWithoutScreenshot: 0,
      totalR: 0,
      averageR: 0,
    });
  });
});

describe('daySummary', () => {
  const trade = {
    exitTime: '2026-11-03T08:00:00Z',
    rMultiple: '1',
    pnlIls: '100',
    hasScreenshot: true,
    trustScore: 90,
    session: 'asia',
  };
  const aggregate = {
    date: '2026-11-03',
    netR: '1',
    netPnlIls: '100',
    totalTrades: 1,
    winningTrades: 1,
    rTrades: 1,
    allHaveScreenshots: true,
    hasLowTrust: false,
    sessionBreakdown: {
      asia: { netR: '1', trades: 1 },
      london: { netR: '0', trades: 0 },
      newYork: { netR: '0', trades: 0 },
    },
  };

  it('uses the stored aggregate when it matches the listed trades', () => {
    const s = daySummary('2026-11-03', aggregate, [trade]);
    expect(s.day).toBe(aggregate);
    expect(s.sessions.asia).toEqual({ netR: 1, trades: 1 });
  });

  it('computes the figures from the trades while the aggregate lags behind a new trade', () => {
    const s = daySummary('2026-11-03', aggregate, [
      trade,
      { ...trade, rMultiple: '-0.5', pnlIls: '-40', session: 'london' },
    ]);
    expect(s.day).toMatchObject({ totalTrades: 2, netR: '0.5', netPnlIls: '60', winningTrades: 1 });
    expect(s.sessions.london).toEqual({ netR: -0.5, trades: 1 });
  });
});
