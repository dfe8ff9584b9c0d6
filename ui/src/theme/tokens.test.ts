import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { intensityTint, withAlpha } from './tokens';

describe('intensityTint', () => {
  it('runs the profit and loss colours from a 10% to a full tint', () => {
    expect(intensityTint('profit', 0)).toBe('rgba(34, 197, 94, 0.1)');
    expect(intensityTint('profit', 1)).toBe('rgba(34, 197, 94, 1)');
    expect(intensityTint('loss', 0.5)).toBe('rgba(239, 68, 68, 0.55)');
  });

  it('clamps out-of-range and invalid intensities', () => {
    expect(intensityTint('loss', 7)).toBe('rgba(239, 68, 68, 1)');
    expect(intensityTint('loss', -1)).toBe('rgba(239, 68, 68, 0.1)');
    expect(intensityTint('profit', Number.NaN)).toBe('rgba(34, 197, 94, 0.1)');
  });
});

describe('theme', () => {
  it('holds the DESIGN.md tokens', () => {
    expect(theme.colors.bg).toBe('#0B0F17');
    expect(theme.colors.accent).toBe('#3B82F6');
    expect(theme.space.slice(1)).toEqual(['4px', '8px', '12px', '16px', '24px', '32px', '48px']);
    expect(theme.radii).toMatchObject({ input: '6px', card: '10px', dialog: '16px' });
    expect(theme.breakpoints).toEqual({ md: 768, lg: 1024 });
    expect(theme.trustColors).toEqual({ high: '#22C55E', medium: '#F59E0B', low: '#EF4444' });
    expect(theme.rarityColors.epic).toBe('#A855F7');
    expect(withAlpha('#FFFFFF', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
  });
});
