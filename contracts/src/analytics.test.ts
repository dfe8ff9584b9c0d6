import { describe, expect, it } from 'vitest';
import { AnalyticsQuery, DashboardStatsQuery } from './analytics';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('dashboard month query', () => {
  it('takes yyyy-MM, and no month as the current one', () => {
    expect(DashboardStatsQuery.parse({ month: '2026-03' })).toEqual({ month: '2026-03' });
    expect(DashboardStatsQuery.parse({})).toEqual({ month: undefined });
    expect(DashboardStatsQuery.parse({ month: '' })).toEqual({ month: undefined });
  });

  it('refuses a malformed month or one outside 2000–2100, naming the field in Hebrew', () => {
    for (const month of ['2026-13', '2026-3', '03-2026', '1999-12', '2101-01']) {
      expect(issuesOf(DashboardStatsQuery.safeParse({ month }))).toEqual([['month', 'תאריך לא תקין']]);
    }
  });
});

describe('analytics period query', () => {
  it('takes an inclusive range of days, either end open', () => {
    expect(AnalyticsQuery.parse({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(AnalyticsQuery.parse({ to: '2026-03-31' })).toEqual({ from: undefined, to: '2026-03-31' });
  });

  it('refuses a day that does not exist and an end before the start', () => {
    expect(issuesOf(AnalyticsQuery.safeParse({ from: '2026-02-30' }))).toEqual([['from', 'תאריך לא תקין']]);
    expect(issuesOf(AnalyticsQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      ['to', 'תאריך לא תקין'],
    ]);
  });
});
