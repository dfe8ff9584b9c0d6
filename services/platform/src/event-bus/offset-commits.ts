import type { Consumer } from 'kafkajs';
import type { Logger } from 'pino';

/**
 * Offsets handled within this long go to the broker in one commit. A commit per batch was a request per
 * event at a steady trickle; a restart now hands over at most this much again, which the checkpoints skip.
 */
export const COMMIT_INTERVAL_MS = 200;

export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * A consumer's offset commits: the next offset of each handled partition is kept, and what is kept goes to
 * the broker in one request at most every COMMIT_INTERVAL_MS, in order, one commit after another.
 */
export function createOffsetCommits(consumer: Pick<Consumer, 'commitOffsets'>, logger: Pick<Logger, 'warn'>) {
  const pending = new Map<string, PartitionOffset>();
  let timer: NodeJS.Timeout | undefined;
  let committing = Promise.resolve();

  const commit = () => {
    timer = undefined;
    if (pending.size === 0) return committing;
    const offsets = [...pending.values()];
    pending.clear();
    committing = committing
      .then(() => consumer.commitOffsets(offsets))
      .catch((error) => logger.warn({ err: error, offsets }, 'kafka: an offset commit failed'));
    return committing;
  };

  return {
    handled(topic: string, partition: number, offset: string) {
      pending.set(`${topic}\n${partition}`, { topic, partition, offset });
      timer ??= setTimeout(commit, COMMIT_INTERVAL_MS);
    },
    /** Commits what is kept now and resolves once every commit begun has ended. */
    flush() {
      clearTimeout(timer);
      return commit();
    },
  };
}
