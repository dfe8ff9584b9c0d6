import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { unavailable } from '../http/errors';

const POLL_MS = 10;

/** One waiting command: these projections must reach `position` on one partition of one topic. */
interface Waiter {
  projections: readonly string[];
  topic: string;
  partition: number;
  position: number;
  deadline: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Read-your-writes on Kafka: every command of a process waiting on the projectors' checkpoints shares one
 * poll of the (small) checkpoint table, so a hundred waiting commands cost one query per poll, not a hundred.
 */
export function createCheckpointWatch(db: Knex, logger: Logger) {
  const waiters = new Set<Waiter>();
  let polling = false;

  const satisfied = (waiter: Waiter, positions: Map<string, number>) =>
    waiter.projections.every(
      (name) => (positions.get(`${name}\n${waiter.topic}\n${waiter.partition}`) ?? 0) >= waiter.position,
    );

  const pollOnce = async () => {
    const rows: { projection: string; topic: string; partition: number; position: number | string }[] =
      await db('projection_partition_checkpoints').select('projection', 'topic', 'partition', 'position');
    const positions = new Map(
      rows.map((row) => [`${row.projection}\n${row.topic}\n${row.partition}`, Number(row.position)]),
    );
    for (const waiter of waiters) {
      if (!satisfied(waiter, positions)) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };

  /** Answers 503 to the commands whose wait is over, whether or not the last poll could read. */
  const expire = () => {
    const now = Date.now();
    for (const waiter of waiters) {
      if (now < waiter.deadline) continue;
      waiters.delete(waiter);
      waiter.reject(unavailable());
    }
  };

  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      while (waiters.size > 0) {
        try {
          await pollOnce();
        } catch (error) {
          logger.warn({ err: error }, 'reading the projector checkpoints failed; trying again');
        }
        expire();
        if (waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      polling = false;
    }
  };

  return {
    /** Resolves once every named projection's checkpoint of the partition covers `position`; 503 at `deadline`. */
    until(target: Omit<Waiter, 'resolve' | 'reject'>): Promise<void> {
      if (target.projections.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.add({ ...target, resolve, reject });
        void poll();
      });
    },
  };
}
