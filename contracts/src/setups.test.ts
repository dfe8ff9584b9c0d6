import { describe, expect, it } from 'vitest';
import { Setup, SetupBody } from './setups';

const form = {
  name: ' פריצת טווח אסיה ',
  smcContext: 'איסוף נזילות מעל השיא',
  description: 'פריצה של טווח אסיה בפתיחת לונדון',
  entryRules: 'נר סגירה מעל הטווח',
  exitRules: 'יעד 2R או סגירת לונדון',
  checklist: ['טווח ברור', '  ', ' נפח עולה '],
};

describe('setup form body', () => {
  it('trims text and drops blank checklist lines', () => {
    const body = SetupBody.parse(form);
    expect(body.name).toBe('פריצת טווח אסיה');
    expect(body.checklist).toEqual(['טווח ברור', 'נפח עולה']);
  });

  it('allows no checklist', () => {
    const { checklist: _checklist, ...withoutChecklist } = form;
    expect(SetupBody.parse(withoutChecklist).checklist).toEqual([]);
  });

  it('requires name, SMC context, description and both rules with "שדה חובה"', () => {
    const result = SetupBody.safeParse({ name: '  ', checklist: [] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'שדה חובה'],
      ['smcContext', 'שדה חובה'],
      ['description', 'שדה חובה'],
      ['entryRules', 'שדה חובה'],
      ['exitRules', 'שדה חובה'],
    ]);
  });

  it('refuses a checklist that is not a list', () => {
    expect(SetupBody.safeParse({ ...form, checklist: 'line one\nline two' }).success).toBe(false);
  });
});

describe('setup as read back', () => {
  const setup = {
    id: '0b7c9a52-3c1d-4a8e-9f0e-2d4c6b8a1e37',
    name: 'פריצת טווח אסיה',
    description: 'פריצה',
    entryRules: 'כניסה',
    exitRules: 'יציאה',
    checklist: ['טווח ברור'],
    smcContext: 'נזילות',
    isArchived: false,
    winRate: 60,
    expectancy: 0.4,
    avgR: 0.5,
    sampleSize: 12,
    sufficientSample: false,
    tradesNeeded: 18,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  };

  it('carries its statistics, null before any trade', () => {
    expect(Setup.parse(setup)).toEqual(setup);
    const fresh = { ...setup, winRate: null, expectancy: null, avgR: null, sampleSize: 0, tradesNeeded: 30 };
    expect(Setup.parse(fresh)).toEqual(fresh);
  });

  it('refuses a negative sample size', () => {
    expect(Setup.safeParse({ ...setup, sampleSize: -1 }).success).toBe(false);
  });
});
