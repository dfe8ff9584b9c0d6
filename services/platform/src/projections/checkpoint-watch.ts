import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createNotificationListener } from '../db/notification-listener';
import { unavailable } from '../http/errors';
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
  resolve(): void;
  reject(error: unknown): void;
}

/** A sleep that `wake()` cuts short. */
function createPause() {
  let wakeUp: (() => void) | undefined;
  return {
    for: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => wakeUp?.(), ms);
        wakeUp = () => {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        };
      }),
    wake: () => wakeUp?.(),
  };
}

/**
 * Read-your-writes on Kafka: every command of a process waiting on the projectors' checkpoints shares one
 * view of the (small) checkpoint table. With `notifications`, projectors tell the view of each commit
 * (PostgreSQL LISTEN/NOTIFY, on a connection of its own), so a wait ends as soon as the projector's
 * transaction commits, without a query; else, or while the listener is down, the table is read every 10 ms.
 */
export function createCheckpointWatch(
  db: Knex,
  logger: Logger,
  notifications?: { connectionString: string; channel: string },
) {
  const waiters = new Set<Waiter>();
  const positions = new Map<string, number>();
  /** Per key, the number of the last notice that named it (reads that started before it do not undo it). */
  const noticedAt = new Map<string, number>();
  let notices = 0;
  /** Counts the listener's (re)starts; the view is current once a read that began while it listened ends. */
  let listenings = 0;
  let current = false;
  let polling = false;
  const pause = createPause();

  const satisfied = (waiter: Waiter) =>
    waiter.projections.every(
      (name) => (positions.get(checkpointKey(name, waiter.topic, waiter.partition)) ?? 0) >= waiter.position,
    );

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
    notices += 1;
    for (const { projection, topic, partition, position } of notice) {
      const key = checkpointKey(projection, topic, partition);
      positions.set(key, position);
      noticedAt.set(key, notices);
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
    const startedAt = notices;
    const listenedFrom = listener?.listening() ? listenings : undefined;
    const rows: { projection: string; topic: string; partition: number; position: number | string }[] =
      await db('projection_partition_checkpoints').select('projection', 'topic', 'partition', 'position');
    const read = new Map(
      rows.map((row) => [checkpointKey(row.projection, row.topic, row.partition), Number(row.position)]),
    );
    for (const key of new Set([...positions.keys(), ...read.keys()])) {
      const fresher = (noticedAt.get(key) ?? 0) > startedAt;
      const position = read.get(key);
      if (fresher) positions.set(key, Math.max(positions.get(key) ?? 0, position ?? 0));
      else if (position === undefined) positions.delete(key);
      else positions.set(key, position);
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
    until(target: Omit<Waiter, 'resolve' | 'reject'>): Promise<void> {
      if (target.projections.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { ...target, resolve, reject };
        // What the listener has heard is current: a wait it already covers needs no query.
        if (current && satisfied(waiter)) {
          resolve();
          return;
        }
        waiters.add(waiter);
        listener?.start();
        void poll();
      });
    },
    /** Stops listening; waits still in progress fall back to reading the table. */
    close: () => listener?.close() ?? Promise.resolve(),
  };
}
