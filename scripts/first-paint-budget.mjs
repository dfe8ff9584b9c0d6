// The gzipped JavaScript a page may download before its live screen first renders, checked by the build's
// size report (scripts/build.mjs) and in the browser (e2e/first-paint.e2e.ts). (/auth paints earlier than
// that, from its prerendered HTML, with no script at all; this is what its working form needs.) Issue 14's
// targets are 130 KB for /auth and 180 KB for the layout; these budgets hold what has been reached (103.4
// and 104.4 KB: Preact in React's place, no federation runtime before a remote loads, the session clock
// after the first paint), so it cannot grow back unnoticed. Both went up 1 KB on 2026-11-28 for the error a
// signed-in page shows when the session cannot be checked (ErrorPanel, +0.2 KB, in the guards both share; the
// browser then counted 106.1 KB for /auth): an error that can strike on the very first request has to be
// there before anything else loads.
export const FIRST_PAINT_BUDGETS = {
  auth: 107 * 1024,
  layout: 108 * 1024,
};
