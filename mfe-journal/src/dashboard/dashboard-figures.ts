import {
  type DashboardStats,
  SETUP_TYPE_LABELS,
  type SetupTypeValue,
  TRADE_SESSION_LABELS,
  type TradeSessionValue,
} from '@yoman/contracts';

/** The spec's fallbacks when no candidate has enough trades: breakout, London, EURUSD (§2 Dashboard). */
export const TOP3_FALLBACKS = {
  bestSetup: 'breakout',
  strongestSession: 'london',
  dominantAsset: 'EURUSD',
} as const satisfies {
  bestSetup: SetupTypeValue;
  strongestSession: TradeSessionValue;
  dominantAsset: string;
};

export type Top3 = { bestSetup: string; strongestSession: string; dominantAsset: string };

/** The Top 3 insights in Hebrew, each with the spec's fallback when the server found no candidate. */
export function top3Of(
  stats: Pick<DashboardStats, 'bestSetup' | 'strongestSession' | 'dominantAsset'>,
): Top3 {
  return {
    bestSetup: SETUP_TYPE_LABELS[stats.bestSetup ?? TOP3_FALLBACKS.bestSetup],
    strongestSession: TRADE_SESSION_LABELS[stats.strongestSession ?? TOP3_FALLBACKS.strongestSession],
    dominantAsset: stats.dominantAsset ?? TOP3_FALLBACKS.dominantAsset,
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
