import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { colors, intensityTint, withAlpha } from './tokens';

type Rgb = [number, number, number];

const rgbOfHex = (hex: string): Rgb =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;

/** The opaque colour an rgba() tint shows over `base`. */
function shownOver(tint: string, base: Rgb): Rgb {
  const [r, g, b, alpha] = (tint.match(/[\d.]+/gu) ?? []).map(Number);
  return [r, g, b].map((channel, index) => channel * alpha + base[index] * (1 - alpha)) as Rgb;
}

/** WCAG 2.x contrast ratio of two opaque colours. */
function contrast(a: Rgb, b: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

describe('intensityTint', () => {
  it('runs the profit and loss colours from a 10% to a 55% tint', () => {
    expect(intensityTint('profit', 0)).toBe('rgba(34, 197, 94, 0.1)');
    expect(intensityTint('profit', 1)).toBe('rgba(34, 197, 94, 0.55)');
    expect(intensityTint('loss', 0.5)).toBe('rgba(239, 68, 68, 0.33)');
  });

  it("keeps the day's text at WCAG AA contrast (4.5:1) on every tint, over the page and over a card", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('profit', 'loss' as const),
        fc.double({ min: 0, max: 1 }),
        (tone, intensity) => {
          for (const base of [colors.bg, colors.surface1]) {
            const shown = shownOver(intensityTint(tone, intensity), rgbOfHex(base));
            expect(contrast(rgbOfHex(colors.text), shown)).toBeGreaterThanOrEqual(4.5);
          }
        },
      ),
    );
  });

  it('clamps out-of-range and invalid intensities', () => {
    expect(intensityTint('loss', 7)).toBe('rgba(239, 68, 68, 0.55)');
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
