import type { Figure } from './numbers';

export type TrustBand = 'high' | 'medium' | 'low';
export type RTone = 'profit' | 'loss';

/** Spec §9 trust filters: 80 and up high, 60–79 medium, below 60 low. */
export function trustBand(score: number): TrustBand {
  if (score >= 80) return 'high';
  if (score >= 60) return 'medium';
  return 'low';
}

/** An R value is profit-coloured at 0 or more and loss-coloured below 0; a missing value is not a loss. */
export function rTone(r: Figure): RTone {
  if (r === null || r === undefined) return 'profit';
  return Number(r) < 0 ? 'loss' : 'profit';
}

/** Calendar cell tint strength: |netR| / 5, capped at 1 (spec §9). */
export function calendarIntensity(netR: Figure): number {
  const value = Math.abs(Number(netR ?? 0));
  return Number.isFinite(value) ? Math.min(1, value / 5) : 0;
}
