import { averageR, numberOf } from '../calendar/day-figures';
import type { SessionBreakdown } from '../calendar/trades-by-day';

export type SessionKey = keyof SessionBreakdown;

export type DayInsights = {
  /** The session with the highest net R among those traded; null on a day without trades. */
  strongestSession: { session: SessionKey; netR: number } | null;
  allHaveScreenshots: boolean;
  tradesWithoutScreenshot: number;
  totalR: number;
  averageR: number;
};

/** The drawer's automatic insights for one day. */
export function dayInsights(
  breakdown: SessionBreakdown,
  trades: readonly { hasScreenshot: boolean; rMultiple: string | number | null }[],
): DayInsights {
  const traded = (Object.keys(breakdown) as SessionKey[]).filter((k) => breakdown[k].trades > 0);
  const best = traded.reduce<SessionKey | null>(
    (top, k) => (top === null || breakdown[k].netR > breakdown[top].netR ? k : top),
    null,
  );
  const totalR = trades.reduce((s, t) => s + numberOf(t.rMultiple), 0);
  const withoutScreenshot = trades.filter((t) => !t.hasScreenshot).length;
  return {
    strongestSession: best === null ? null : { session: best, netR: breakdown[best].netR },
    allHaveScreenshots: trades.length > 0 && withoutScreenshot === 0,
    tradesWithoutScreenshot: withoutScreenshot,
    totalR,
    averageR: averageR(totalR, trades.length),
  };
}
