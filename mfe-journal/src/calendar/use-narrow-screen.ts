import { useSyncExternalStore } from 'react';

/** Below this width the calendar becomes a week strip and a day list (DESIGN.md, phones). */
const PHONE_BREAKPOINT = 480;
const QUERY = `(max-width: ${PHONE_BREAKPOINT - 0.02}px)`;

/** The calendar's two widths as stylesheet media queries, written as the design system's `media` are. */
export const calendarMedia = {
  phone: `@media ${QUERY}`,
  wide: `@media (min-width: ${PHONE_BREAKPOINT}px)`,
} as const;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** True on phone-width screens; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
