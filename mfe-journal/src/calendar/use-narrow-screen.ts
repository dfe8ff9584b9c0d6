import { useSyncExternalStore } from 'react';

/** Below this width the calendar becomes a week strip and a day list (DESIGN.md, phones). */
export const PHONE_MAX_WIDTH = 479.98;
/** From this width the calendar is the month grid (a media query's `min-width` beside PHONE_MAX_WIDTH). */
export const WIDE_MIN_WIDTH = 480;
const QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

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
