import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMIT_INTERVAL_MS, createOffsetCommits, type PartitionOffset } from './offset-commits';

/** A consumer that records each commit and lets the test decide when the broker answers. */
function recordingConsumer() {
  const commits: PartitionOffset[][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  return {
    commits,
    mostInFlight: () => mostInFlight,
    async commitOffsets(offsets: PartitionOffset[]) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      commits.push(offsets);
      inFlight -= 1;
    },
  };
}

const quiet = { warn: () => {} };

describe('offset commits of a consumer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a trickle of handled batches as one commit per interval, with the latest offset of each partition', async () => {
    const consumer = recordingConsumer();
    const offsets = createOffsetCommits(consumer, quiet);
    // 100 batches, 5 ms apart, over two partitions: a second of a steady trickle.
    for (let n = 1; n <= 100; n += 1) {
      offsets.handled('yoman.trade', n % 2, String(n + 1));
      await vi.advanceTimersByTimeAsync(5);
    }
    const flushed = offsets.flush();
    await vi.runAllTimersAsync();
    await flushed;
    expect(consumer.commits.length).toBeLessThanOrEqual(Math.ceil(500 / COMMIT_INTERVAL_MS) + 1);
    expect(consumer.commits.at(-1)).toEqual(
      expect.arrayContaining([
        { topic: 'yoman.trade', partition: 0, offset: '101' },
        { topic: 'yoman.trade', partition: 1, offset: '100' },
      ]),
    );
    for (const commit of consumer.commits) {
      expect(new Set(commit.map((each) => each.partition)).size).toBe(commit.length);
    }
    expect(consumer.mostInFlight()).toBe(1);
  });

  it('commits nothing before the interval, and what it holds at once when flushed', async () => {
    const consumer = recordingConsumer();
    const offsets = createOffsetCommits(consumer, quiet);
    offsets.handled('yoman.trade', 2, '7');
    await vi.advanceTimersByTimeAsync(COMMIT_INTERVAL_MS - 1);
    expect(consumer.commits).toEqual([]);
    const flushed = offsets.flush();
    await vi.advanceTimersByTimeAsync(50);
    await flushed;
    expect(consumer.commits).toEqual([[{ topic: 'yoman.trade', partition: 2, offset: '7' }]]);
    await vi.runAllTimersAsync();
    expect(consumer.commits).toHaveLength(1);
  });

  it('goes on committing after the broker refused one commit', async () => {
    const warnings: unknown[] = [];
    let refuse = true;
    const commits: PartitionOffset[][] = [];
    const offsets = createOffsetCommits(
      {
        async commitOffsets(sent: PartitionOffset[]) {
          if (refuse) {
            refuse = false;
            throw new Error('not the coordinator');
          }
          commits.push(sent);
        },
      },
      { warn: (...args: unknown[]) => warnings.push(args) },
    );
    offsets.handled('yoman.trade', 0, '3');
    await vi.advanceTimersByTimeAsync(COMMIT_INTERVAL_MS);
    offsets.handled('yoman.trade', 0, '4');
    await offsets.flush();
    expect(warnings).toHaveLength(1);
    expect(commits).toEqual([[{ topic: 'yoman.trade', partition: 0, offset: '4' }]]);
  });
});
