/**
 * A sleep that `wake()` cuts short (a stop, a notification). A wake while nobody sleeps is kept for the next
 * sleep, which then ends at once: a notice that arrives while the loop is busy reading is not slept through.
 */
export function createWakeablePause() {
  let wakeUp: (() => void) | undefined;
  let woken = false;
  return {
    for(ms: number): Promise<void> {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakeUp = done;
      });
    },
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
  };
}
