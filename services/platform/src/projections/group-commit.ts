import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `work` over items handed in concurrently, as few times as it can: items that arrive in the same turn
 * of the event loop, or while a run is in flight, go together into the next run. Each `add` resolves (or
 * rejects) with the run that took its item, so a caller still learns whether its own item got through.
 */
export function createGroupCommit<Item>(work: (items: readonly Item[]) => Promise<void>) {
  let waiting: { item: Item; resolve(): void; reject(error: unknown): void }[] = [];
  let running: Promise<void> | undefined;

  const runAll = async () => {
    // Lets the other batches of the same fetch (handed over in the same turn) join this run.
    await nextTurn();
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await work(group.map((each) => each.item));
        for (const each of group) each.resolve();
      } catch (error) {
        for (const each of group) each.reject(error);
      }
    }
    running = undefined;
  };

  return {
    add(item: Item): Promise<void> {
      const done = new Promise<void>((resolve, reject) => waiting.push({ item, resolve, reject }));
      running ??= runAll();
      return done;
    },
    /** Resolves once nothing is waiting or running. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
