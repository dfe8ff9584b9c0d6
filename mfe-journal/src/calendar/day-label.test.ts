import { describe, expect, it } from 'vitest';
import { dayAriaLabel, longDate } from './day-label';

describe("a calendar day's words (day-label.ts)", () => {
  it('gives back what is not a day as it came, instead of throwing', () => {
    expect(longDate('2026-11')).toBe('2026-11');
    expect(longDate('')).toBe('');
  });

  it('names a day without trades by its long date', () => {
    expect(dayAriaLabel('2026-11-22', undefined)).toContain('יום ראשון, 22 בנובמבר 2026');
  });
});
