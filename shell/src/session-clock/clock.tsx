import { DateTime } from 'luxon';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/** Where "now" comes from; tests and the browser suite pass a fixed clock. */
export type Clock = () => DateTime;

declare global {
  interface Window {
    /** An ISO instant that freezes the session clock (set by the browser tests before the app loads). */
    __YOMAN_NOW__?: string;
  }
}

/** The real clock, unless the page was told to freeze time with window.__YOMAN_NOW__. */
export const systemClock: Clock = () => {
  const frozen = typeof window === 'undefined' ? undefined : window.__YOMAN_NOW__;
  return frozen ? DateTime.fromISO(frozen, { setZone: true }) : DateTime.now();
};

const ClockContext = createContext<Clock>(systemClock);

export function ClockProvider({ clock, children }: { clock: Clock; children: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The current instant, re-read every second (spec §4: the session clock refreshes every second). */
export function useNow(intervalMs = 1000): DateTime {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(clock);
  useEffect(() => {
    setNow(clock());
    const timer = window.setInterval(() => setNow(clock()), intervalMs);
    return () => window.clearInterval(timer);
  }, [clock, intervalMs]);
  return now;
}
