/** Spec §9: every figure and date is shown for Israel. */
export const LOCALE = 'he-IL';
export const TIME_ZONE = 'Asia/Jerusalem';
/** Shown for a missing value (null, undefined, unparsable). */
export const MISSING = '—';
/** The one minus sign used in every figure: U+2212, wider and clearer than the hyphen. */
export const MINUS = '\u2212';
