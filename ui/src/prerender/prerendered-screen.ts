// Some page loads are answered with their first screen already in the HTML (/auth from the build,
// scripts/prerender-auth.mjs; a signed-in /calendar per request, services/gateway/src/signed-in-pictures.ts),
// so it paints before any script has run. That copy is a picture, not the screen: `inert` and `aria-hidden` (no
// focus, no clicks, out of the accessibility tree), it covers the live page until the app mounts the screen
// it shows, which takes its place in the same frame, or anything else the page turned out to be.
import { useLayoutEffect } from 'react';

/** The id of the element holding the prerendered copy of a screen. */
export const PRERENDERED_SCREEN_ID = 'prerendered-screen';

/** The attribute naming the path whose screen the copy shows (`/auth`, `/calendar`). */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-path';

/**
 * Removes the prerendered copy of the page, if it has one; with `path`, only a copy of that path's screen
 * (the layout takes the place of /auth's copy, but leaves a signed-in screen's copy to the screen itself).
 */
export function removePrerenderedScreen(path?: string, doc: Document = document): void {
  const copy = doc.getElementById(PRERENDERED_SCREEN_ID);
  if (!copy) return;
  if (path !== undefined && copy.getAttribute(PRERENDERED_PATH_ATTRIBUTE) !== path) return;
  copy.remove();
}

/** Removes the page's prerendered copy when the component using it first shows: its screen, or a page in its place. */
export function useRemovesPrerenderedScreen(): void {
  useLayoutEffect(() => removePrerenderedScreen(), []);
}
