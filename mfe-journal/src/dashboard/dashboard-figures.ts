import type { DashboardStats, TopInsight } from '@yoman/contracts';
import { TRADE_SESSION_LABELS } from '@yoman/contracts/constants';

export type Top3 = Record<TopInsight, { text: string; fallback: boolean }>;

/**
 * The Top 3 insights in Hebrew. The server already answers with the spec's fallbacks (breakout, London,
 * EURUSD) when no candidate had enough trades, and says which ones are fallbacks.
 */
export function top3Of(
  stats: Pick<DashboardStats, 'bestSetup' | 'strongestSession' | 'dominantAsset' | 'fallbacks'>,
): Top3 {
  const fallback = (insight: TopInsight) => stats.fallbacks.includes(insight);
  return {
    bestSetup: { text: stats.bestSetup.name, fallback: fallback('bestSetup') },
    strongestSession: {
      text: TRADE_SESSION_LABELS[stats.strongestSession],
      fallback: fallback('strongestSession'),
    },
    dominantAsset: { text: stats.dominantAsset, fallback: fallback('dominantAsset') },
  };
}

/** The ring fills to the progress, at most 100 %; "on track" from 100 % (spec §2). */
export function goalRingOf(monthlyProgress: number): { share: number; onTrack: boolean } {
  const clamped = Math.min(100, Math.max(0, monthlyProgress));
  return { share: clamped / 100, onTrack: monthlyProgress >= 100 };
}

/** A streak as a signed count: +3 for three wins in a row, −2 for two losses, 0 after a break-even. */
export function streakText(streak: number): string {
  if (streak > 0) return `+${streak}`;
  if (streak < 0) return `\u2212${Math.abs(streak)}`;
  return '0';
}
