import { describe, expect, it } from 'vitest';
import { DailyAggregate, DailyAggregateParams, DailyAggregatesQuery } from './calendar';

const day = {
  date: '2026-03-05',
  netR: '2.5',
  netPnlIls: '-120.40',
  totalTrades: 3,
  winningTrades: 2,
  rTrades: 3,
  allHaveScreenshots: true,
  hasLowTrust: false,
  sessionBreakdown: {
    asia: { netR: '0', trades: 0 },
    london: { netR: '3.5', trades: 2 },
    newYork: { netR: '-1', trades: 1 },
  },
};

describe('daily aggregate', () => {
  it('has the spec §3 fields, with netR and netPnlIls as decimal strings', () => {
    expect(DailyAggregate.parse(day)).toEqual(day);
  });

  it('refuses numbers where decimal strings belong, a bad date and a missing session', () => {
    expect(DailyAggregate.safeParse({ ...day, netR: 2.5 }).success).toBe(false);
    expect(DailyAggregate.safeParse({ ...day, date: '05/03/2026' }).success).toBe(false);
    const { newYork: _newYork, ...twoSessions } = day.sessionBreakdown;
    expect(DailyAggregate.safeParse({ ...day, sessionBreakdown: twoSessions }).success).toBe(false);
  });

  it('is addressed by a real day', () => {
    expect(DailyAggregateParams.parse({ date: '2026-03-05' })).toEqual({ date: '2026-03-05' });
    expect(DailyAggregateParams.safeParse({ date: '2026-13-01' }).success).toBe(false);
  });
});

describe('month query', () => {
  it('coerces the query strings to numbers', () => {
    expect(DailyAggregatesQuery.parse({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
  });

  it('refuses month 0 or 13, a fractional month and a missing year', () => {
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '0' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '13' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: '2026', month: '2.5' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ month: '3' }).success).toBe(false);
    expect(DailyAggregatesQuery.safeParse({ year: 'abc', month: '3' }).success).toBe(false);
  });
});
