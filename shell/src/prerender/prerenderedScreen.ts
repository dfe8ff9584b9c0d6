// /auth is answered with its screen already in the HTML (scripts/prerender-auth.mjs), so the sign-in form
// paints before any script has run. That copy is a picture, not the form: `inert` and `aria-hidden` (no
// focus, no clicks, out of the accessibility tree), it covers the live page until the shell mounts a
// screen of its own, which takes its place in the same frame.

/** The id of the element holding the prerendered copy of a screen. */
export const PRERENDERED_SCREEN_ID = 'prerendered-screen';

/** Removes the prerendered copy of the page, if it has one. */
export function removePrerenderedScreen(doc: Document = document): void {
  doc.getElementById(PRERENDERED_SCREEN_ID)?.remove();
}
