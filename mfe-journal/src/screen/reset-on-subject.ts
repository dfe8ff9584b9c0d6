import { useState } from 'react';

/**
 * Calls `reset` in the very render in which `subject` changes (a dialog opens, closes, or turns to another
 * trade or setup), so the render that is committed already has the fresh state.
 *
 * A reset in an effect came one paint late: Preact runs effects after the next frame, and whatever was typed
 * into the first field before then was wiped. This is React's "adjusting state when a prop changes": the state
 * setters called here make React and Preact render the component again before committing anything.
 */
export function useResetOnSubjectChange(subject: string, reset: () => void): void {
  const [current, setCurrent] = useState(subject);
  if (current !== subject) {
    setCurrent(subject);
    reset();
  }
}
