// Every design token of DESIGN.md lives here and nowhere else; components read them through the theme.

export const colors = {
  bg: '#0B0F17',
  surface1: '#121826',
  surface2: '#1A2233',
  border: '#263043',
  text: '#E6EAF2',
  textMuted: '#98A2B3',
  profit: '#22C55E',
  loss: '#EF4444',
  flat: '#475467',
  warn: '#F59E0B',
  accent: '#3B82F6',
  // Stronger fills behind white text: plain accent/loss give white text less than the 4.5:1 AA contrast.
  accentStrong: '#2563EB',
  accentStrongHover: '#1D4ED8',
  accentText: '#60A5FA',
  lossStrong: '#DC2626',
  lossStrongHover: '#B91C1C',
  gold: '#EAB308',
  violet: '#A855F7',
  onAccent: '#FFFFFF',
  overlay: 'rgba(3, 6, 12, 0.72)',
} as const;

export const rarityColors = {
  legendary: colors.gold,
  epic: colors.violet,
  rare: colors.accent,
  common: colors.flat,
} as const;

export const trustColors = {
  high: colors.profit,
  medium: colors.warn,
  low: colors.loss,
} as const;

export const radii = { input: '6px', card: '10px', dialog: '16px', pill: '999px' } as const;

/** The 4-px space scale: space[1] = 4px … space[7] = 48px. */
export const space = ['0px', '4px', '8px', '12px', '16px', '24px', '32px', '48px'] as const;

export const fontFamily = "'Heebo', system-ui, -apple-system, 'Segoe UI', Arial, sans-serif";

export const fontSizes = { caption: '12px', body: '14px', h3: '20px', h2: '24px', h1: '32px' } as const;

export const fontWeights = { regular: 400, medium: 500, bold: 700 } as const;

export const lineHeights = { tight: 1.25, body: 1.5 } as const;

export const breakpoints = { md: 768, lg: 1024 } as const;

/** Media queries for the breakpoints, mobile first. */
export const media = {
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  belowMd: `@media (max-width: ${breakpoints.md - 0.02}px)`,
} as const;

export const zIndices = {
  base: 0,
  sticky: 10,
  sidebar: 20,
  fab: 30,
  overlay: 40,
  dialog: 50,
  popover: 60,
  tooltip: 70,
  toast: 80,
} as const;

export const shadows = {
  raised: '0 8px 24px rgba(0, 0, 0, 0.35)',
  dialog: '0 16px 48px rgba(0, 0, 0, 0.5)',
} as const;

export const durations = { fast: '120ms', normal: '200ms', slow: '320ms' } as const;

export type Tone = 'profit' | 'loss';

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The opacity of the calendar's tints: from 10%, so a tiny result is still visibly coloured, to 55%, the
 * strongest profit tint on which the day's text (colors.text, 12 px) keeps WCAG AA's 4.5:1 contrast.
 */
export const calendarTintAlpha = { min: 0.1, max: 0.55 } as const;

/** The profit or loss colour at a calendar intensity (0–1, e.g. |netR|/5 capped at 1). */
export function intensityTint(tone: Tone, intensity: number): string {
  const clamped = Number.isFinite(intensity) ? Math.min(1, Math.max(0, intensity)) : 0;
  const { min, max } = calendarTintAlpha;
  const alpha = Math.round((min + (max - min) * clamped) * 100) / 100;
  const [r, g, b] = rgbOf(colors[tone]);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** A colour at a fixed transparency, for subtle backgrounds of badges and alerts. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = rgbOf(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
