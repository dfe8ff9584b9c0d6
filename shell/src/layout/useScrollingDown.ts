import { useEffect, useState } from 'react';

/** How far the page must move before its direction counts, so a finger's tremble changes nothing. */
const THRESHOLD_PX = 8;

/**
 * Whether the page is being scrolled down: true once it has moved down by a few pixels, false again as soon as
 * it moves back up or reaches the top. Read once a frame, from a passive listener.
 */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const check = () => {
      frame = 0;
      const y = window.scrollY;
      if (y <= 0) {
        last = 0;
        setDown(false);
        return;
      }
      if (Math.abs(y - last) < THRESHOLD_PX) return;
      setDown(y > last);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return down;
}
