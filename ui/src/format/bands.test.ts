import { describe, expect, it } from 'vitest';
import { calendarIntensity, rTone, trustBand } from './bands';

describe('trustBand', () => {
  it('splits at 80 and 60', () => {
    expect(trustBand(100)).toBe('high');
    expect(trustBand(80)).toBe('high');
    expect(trustBand(79.9)).toBe('medium');
    expect(trustBand(60)).toBe('medium');
    expect(trustBand(59)).toBe('low');
    expect(trustBand(0)).toBe('low');
  });
});

describe('rTone', () => {
  it('is profit at 0 or more and loss below 0', () => {
    expect(rTone(1.25)).toBe('profit');
    expect(rTone(0)).toBe('profit');
    expect(rTone(-0)).toBe('profit');
    expect(rTone('-0.01')).toBe('loss');
    expect(rTone(-3)).toBe('loss');
    expect(rTone(null)).toBe('profit');
  });
});

describe('calendarIntensity', () => {
  it('is |netR| / 5 capped at 1', () => {
    expect(calendarIntensity(2.5)).toBe(0.5);
    expect(calendarIntensity('-2.5')).toBe(0.5);
    expect(calendarIntensity(12)).toBe(1);
    expect(calendarIntensity(0)).toBe(0);
    expect(calendarIntensity(null)).toBe(0);
    expect(calendarIntensity('x')).toBe(0);
  });
});
