/**
 * The advisory-lock key every append takes for its transaction. Appends therefore allocate positions and
 * commit one after another, so a reader never sees position n+1 while n is still uncommitted.
 */
export const APPEND_LOCK_KEY = 7_140_318_001;
