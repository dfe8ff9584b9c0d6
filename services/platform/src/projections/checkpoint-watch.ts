import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createNotificationListener } from '../db/notification-listener';
import { unavailable } from '../http/errors';
import { createWakeablePause } from '../wakeable-pause';
import { type CheckpointNotice, checkpointKey, readCheckpointNotice } from './checkpoint-notifications';

/** How often the checkpoints are read while waiting without notifications (PGlite, listener down). */
const POLL_MS = 10;
/**
 * How often they are read all the same while notifications arrive: a safety net for a projector that sends
 * none (an older version during a rolling deploy), and how soon a wait past its deadline answers 503.
 */
const SAFETY_POLL_MS = 250;

/** One waiting command: these projections must reach `position` on one partition of one topic. */
interface Waiter {
  projections: readonly string[];
  topic: string;
  partition: number;
  position: number;
  deadline: number;
  /** The view's count when the wait began: only what the view learned after it counts for this wait. */
  since: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Read-your-writes on Kafka: every command of a process waiting on the projectors' checkpoints shares one
 * view of the (small) checkpoint table. With `notifications`, projectors tell the view of each commit
 * (PostgreSQL LISTEN/NOTIFY, on a connection of its own), so a wait ends as soon as the projector's
 * transaction commits, without a query; else, or while the listener is down, the table is read every 10 ms.
 * A wait trusts only what the view learned after it began (a notice, or a read of the table begun since):
 * the table can go back (a test truncating it) without a notice, and a position the view learned earlier
 * may be gone. A wait the view already seems to cover asks for a read of the table to confirm it.
 */
export function createCheckpointWatch(
  db: Knex,
  logger: Logger,
  notifications?: { connectionString: string; channel: string },
) {
  const waiters = new Set<Waiter>();
  /** Per checkpoint key, its position and the count at which the view learned it. */
  const positions = new Map<string, { position: number; learnedAt: number }>();
  /** Counts what the view learns: each notice and each read of the table (when it begins). */
  let learned = 0;
  /** Counts the listener's (re)starts; the view is current once a read that began while it listened ends. */
  let listenings = 0;
  let current = false;
  let polling = false;
  const pause = createWakeablePause();

  const covers = (waiter: Waiter, since: number) =>
    waiter.projections.every((name) => {
      const known = positions.get(checkpointKey(name, waiter.topic, waiter.partition));
      return known !== undefined && known.learnedAt > since && known.position >= waiter.position;
    });
  const satisfied = (waiter: Waiter) => covers(waiter, waiter.since);

  const settle = () => {
    for (const waiter of waiters) {
      if (!satisfied(waiter)) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };

  const onNotice = (notice: CheckpointNotice[] | 'reread') => {
    if (notice === 'reread') {
      current = false;
      pause.wake();
      return;
    }
    learned += 1;
    for (const { projection, topic, partition, position } of notice) {
      positions.set(checkpointKey(projection, topic, partition), { position, learnedAt: learned });
    }
    settle();
  };

  const listener = notifications
    ? createNotificationListener(notifications, logger, {
        onNotice: (payload) => onNotice(readCheckpointNotice(payload)),
        onUp: () => {
          listenings += 1;
          // Commits noticed by nobody while the listener was down are in the table.
          pause.wake();
        },
        onDown: () => {
          current = false;
          pause.wake();
        },
      })
    : undefined;

  /** Reads the table; a key noticed since the read began keeps its newer position. */
  const readTable = async () => {
    learned += 1;
    const startedAt = learned;
    const listenedFrom = listener?.listening() ? listenings : undefined;
    const rows: { projection: string; topic: string; partition: number; position: number | string }[] =
      await db('projection_partition_checkpoints').select('projection', 'topic', 'partition', 'position');
    const read = new Map(
      rows.map((row) => [checkpointKey(row.projection, row.topic, row.partition), Number(row.position)]),
    );
    for (const key of new Set([...positions.keys(), ...read.keys()])) {
      const known = positions.get(key);
      const position = read.get(key);
      if (known && known.learnedAt > startedAt) {
        if (position !== undefined && position > known.position) known.position = position;
      } else if (position === undefined) positions.delete(key);
      else positions.set(key, { position, learnedAt: startedAt });
    }
    if (listenedFrom !== undefined && listenedFrom === listenings && listener?.listening()) current = true;
    settle();
  };

  /** Answers 503 to the commands whose wait is over. */
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
          await readTable();
        } catch (error) {
          logger.warn({ err: error }, 'reading the projector checkpoints failed; trying again');
        }
        expire();
        if (waiters.size > 0) await pause.for(current ? SAFETY_POLL_MS : POLL_MS);
      }
    } finally {
      polling = false;
    }
  };

  return {
    /** Resolves once every named projection's checkpoint of the partition covers `position`; 503 at `deadline`. */
    until(target: Omit<Waiter, 'since' | 'resolve' | 'reject'>): Promise<void> {
      if (target.projections.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { ...target, since: learned, resolve, reject };
        waiters.add(waiter);
        listener?.start();
        // A wait the view seems to cover already is confirmed by a read now; any other waits for a notice.
        if (!current || covers(waiter, 0)) pause.wake();
        void poll();
      });
    },
    /** Stops listening; waits still in progress fall back to reading the table. */
    close: () => listener?.close() ?? Promise.resolve(),
  };
}
