// Some page loads are answered with their first screen already in the HTML (/auth from the build,
// scripts/prerender-auth.mjs; a signed-in /calendar or dashboard per request,
// services/gateway/src/signed-in-pictures.ts), so it paints before any script has run. That copy is a picture, not the screen: `inert` and `aria-hidden` (no
// focus, no clicks, out of the accessibility tree), it covers the live page until the app mounts the screen
// it shows, which takes its place in the same frame, or anything else the page turned out to be.
import { type ComponentType, useLayoutEffect } from 'react';

/** The id of the element holding the prerendered copy of a screen. */
export const PRERENDERED_SCREEN_ID = 'prerendered-screen';

/** The attribute naming the path whose screen the copy shows (`/auth`, `/calendar`). */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-path';

/** Removes the prerendered copy of the page, if it has one. */
export function removePrerenderedScreen(doc: Document = document): void {
  doc.getElementById(PRERENDERED_SCREEN_ID)?.remove();
}

/**
 * Removes the page's prerendered copy unless it shows `path`: the page has become another than the one drawn
 * (a signed-in user's /auth, a user the shell sent elsewhere, or one who left before the screen took the
 * copy's place).
 */
export function removePrerenderedScreenUnlessOf(path: string, doc: Document = document): void {
  const copy = doc.getElementById(PRERENDERED_SCREEN_ID);
  if (copy && copy.getAttribute(PRERENDERED_PATH_ATTRIBUTE) !== path) copy.remove();
}

/**
 * How long a screen that draws its data (the dashboard) keeps the copy while its own call has not answered:
 * then its loading state shows, as it would have without a copy.
 */
export const PRERENDERED_COPY_PATIENCE_MS = 3000;

/**
 * Removes the page's prerendered copy when the component using it shows: its screen, or a page in its place.
 * A screen whose copy shows its data passes `shown` false while its own data is loading, so the copy is not
 * replaced by a skeleton; it goes once `shown`, after PRERENDERED_COPY_PATIENCE_MS, or when the screen leaves.
 */
export function useRemovesPrerenderedScreen(shown = true): void {
  useLayoutEffect(() => () => removePrerenderedScreen(), []);
  useLayoutEffect(() => {
    if (shown) {
      removePrerenderedScreen();
      return undefined;
    }
    const patience = setTimeout(() => removePrerenderedScreen(), PRERENDERED_COPY_PATIENCE_MS);
    return () => clearTimeout(patience);
  }, [shown]);
}

/**
 * An answer a drawn screen shows (the dashboard's figures): the gateway asks `url` in-process with the
 * caller's cookie, and the drawing's store holds what it answered as the query `endpointName(arg)`, so the
 * screen draws with the data its live self will fetch. The page preloads `url` for the live screen.
 */
export interface PictureAnswer {
  url: string;
  endpointName: string;
  arg: unknown;
}

/** A screen a remote lets a page load get drawn (its src/pictures.tsx), with the answers it shows. */
export interface Picture {
  screen: ComponentType;
  answers?: readonly PictureAnswer[];
}
