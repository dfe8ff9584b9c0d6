import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How a group commit gathers items under load. */
export interface GatherOptions {
  /**
   * After a run that carried more than one item, the next run starts this long after its first item arrives,
   * taking every item that arrived meanwhile, as PostgreSQL's `commit_delay` waits when other transactions
   * are active: under a steady load a run then takes what the last run's callers send next instead of half
   * of it. After a lone item's run (one user) nothing waits. 0 or none: a run starts as the turn ends.
   */
  gatherMs?: number;
}

/**
 * Runs `work` over items handed in concurrently, as few times as it can: items that arrive in the same turn
 * of the event loop, or while a run is in flight, go together into the next run (and, with `gatherMs`, the
 * items that arrive while it gathers). Each `add` settles with the run that took its item: with that item's
 * own outcome when `work` answers one per item (in the items' order), else as the run does (resolved, or
 * rejected with the run's error), so a caller still learns whether its own item got through.
 */
export function createGroupCommit<Item, Result = void>(
  /** Answers one settled outcome per item, in order, or anything else for "as the run goes". */
  work: (items: readonly Item[]) => Promise<unknown>,
  options: GatherOptions = {},
) {
  let waiting: { item: Item; resolve(result: Result): void; reject(error: unknown): void }[] = [];
  let running: Promise<void> | undefined;
  /** How many items the last run carried: more than one says the callers are many. */
  let lastRun = 0;

  const runAll = async () => {
    // Lets the other items handed over in the same turn (batches of one fetch, requests read together) join;
    // under load, those that arrive within `gatherMs` of the first too.
    if (options.gatherMs && lastRun > 1) await sleep(options.gatherMs);
    else await nextTurn();
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      lastRun = group.length;
      try {
        const answer = await work(group.map((each) => each.item));
        const outcomes = Array.isArray(answer) ? (answer as PromiseSettledResult<Result>[]) : [];
        group.forEach((each, index) => {
          const outcome = outcomes[index];
          if (outcome?.status === 'rejected') each.reject(outcome.reason);
          else each.resolve((outcome as PromiseFulfilledResult<Result> | undefined)?.value as Result);
        });
      } catch (error) {
        for (const each of group) each.reject(error);
      }
    }
    running = undefined;
  };

  return {
    add(item: Item): Promise<Result> {
      const done = new Promise<Result>((resolve, reject) => waiting.push({ item, resolve, reject }));
      running ??= runAll();
      return done;
    },
    /** Resolves once nothing is waiting or running. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
