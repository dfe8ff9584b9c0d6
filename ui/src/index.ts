// The design system's core entry: what /auth and the layout need before their first paint. It is one of three
// Module Federation singletons (ui/federation-shared.mjs): shared modules are not tree-shaken, so the
// Radix-heavy overlays ('@yoman/ui/overlays') and luxon's date formatting ('@yoman/ui/dates') are separate
// entries that only the screens using them download.
import './theme/fonts';

export * from './api';
export * from './federation';
export * from './format';
export * from './icons';
export * from './prerender/prerendered-screen';
export * from './primitives';
export * from './rtl';
export * from './theme';
export * from './toast';
