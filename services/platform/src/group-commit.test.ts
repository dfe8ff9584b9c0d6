import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A run that the test ends by hand, recording the items of every run. */
function recordingWork() {
  const runs: number[][] = [];
  const ends: (() => void)[] = [];
  const work = (items: readonly number[]) => {
    runs.push([...items]);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  const endRun = async () => {
    while (ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    ends.shift()?.();
  };
  return { runs, work, endRun };
}

describe('a group commit', () => {
  it('given items handed in the same turn, when it runs, then they go together in one run', async () => {
    const { runs, work, endRun } = recordingWork();
    const group = createGroupCommit(work);
    const done = Promise.all([group.add(1), group.add(2), group.add(3)]);
    await endRun();
    await done;
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('given a run in flight, when more items arrive, then they all go in the next run', async () => {
    const { runs, work, endRun } = recordingWork();
    const group = createGroupCommit(work);
    const first = group.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = [group.add(2), group.add(3)];
    await endRun();
    await first;
    await endRun();
    await Promise.all(later);
    expect(runs).toEqual([[1], [2, 3]]);
    await group.idle();
  });

  it('given a run that fails, then every item of that run is refused and the next run goes on', async () => {
    let calls = 0;
    const group = createGroupCommit<number>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
    });
    const failed = [group.add(1), group.add(2)].map((added) =>
      added.then(
        () => 'applied',
        () => 'refused',
      ),
    );
    expect(await Promise.all(failed)).toEqual(['refused', 'refused']);
    await expect(group.add(3)).resolves.toBeUndefined();
  });

  describe('gathering under load', () => {
    // Long beside the 5 ms between the items, so a busy machine cannot split them.
    const gatherMs = 200;

    it('given a last run of several items, when items arrive apart within the gathering, then they go in one run', async () => {
      const { runs, work, endRun } = recordingWork();
      const group = createGroupCommit(work, { gatherMs });
      const first = Promise.all([group.add(1), group.add(2)]);
      await endRun();
      await first;
      const started = performance.now();
      const apart = [group.add(3)];
      await new Promise((resolve) => setTimeout(resolve, 5));
      apart.push(group.add(4));
      await new Promise((resolve) => setTimeout(resolve, 5));
      apart.push(group.add(5));
      await endRun();
      await Promise.all(apart);
      expect(runs).toEqual([
        [1, 2],
        [3, 4, 5],
      ]);
      // The run waited for the gathering, measured from the first item's arrival.
      expect(performance.now() - started).toBeGreaterThanOrEqual(gatherMs - 2);
    });

    it('given a last run of one item (one user), when the next arrives, then it runs without waiting', async () => {
      const { runs, work, endRun } = recordingWork();
      const group = createGroupCommit(work, { gatherMs: 10_000 });
      const lone = group.add(1);
      await endRun();
      await lone;
      const started = performance.now();
      const next = group.add(2);
      await endRun();
      await next;
      expect(runs).toEqual([[1], [2]]);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('given items arriving while a run is in flight, then the next run takes them at once, without gathering', async () => {
      const { runs, work, endRun } = recordingWork();
      const group = createGroupCommit(work, { gatherMs: 10_000 });
      const first = Promise.all([group.add(1), group.add(2)]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const during = Promise.all([group.add(3), group.add(4)]);
      const started = performance.now();
      await endRun();
      await first;
      await endRun();
      await during;
      expect(runs).toEqual([
        [1, 2],
        [3, 4],
      ]);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('without gathering, an item after a run of several runs as its turn ends', async () => {
      const { runs, work, endRun } = recordingWork();
      const group = createGroupCommit(work);
      const first = Promise.all([group.add(1), group.add(2)]);
      await endRun();
      await first;
      const next = group.add(3);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = group.add(4);
      await endRun();
      await next;
      await endRun();
      await later;
      expect(runs).toEqual([[1, 2], [3], [4]]);
    });
  });
});
