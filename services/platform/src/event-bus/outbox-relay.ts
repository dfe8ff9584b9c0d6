import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createNotificationListener } from '../db/notification-listener';
import { headPosition, readEventsAfter } from '../event-store/event-reads';
import { createWakeablePause } from '../wakeable-pause';
import { createRelayLeadership } from './relay-leadership';
import { fnv1a } from './topics';
import type { EventBus } from './types';

export interface OutboxRelayOptions {
  db: Knex;
  bus: Pick<EventBus, 'publish'>;
  logger: Logger;
  /** The relay's row in `relay_checkpoints` (default `kafka`). */
  name?: string;
  /** The session advisory lock that elects one relay per installation (see `relayLockKey`). */
  lockKey: number;
  /** How long to sleep when there is nothing new and no `wake` listener is up (default 25 ms). */
  pollIntervalMs?: number;
  /**
   * The channel every append notifies (see `relayWakeChannel`): listened to over a connection of its own,
   * it wakes the relay at each commit, and the relay then only polls as a safety net (default every 500 ms).
   */
  wake?: { channel: string; connectionString: string; pollIntervalMs?: number };
  /** Events per `publish` call (default 500). */
  batchSize?: number;
  /**
   * How long the relay waits before a read for appends to gather, once the last batch carried more than one
   * event (default 3 ms; see below).
   */
  gatherMs?: number;
}

/** Copies committed events from the events table to the event bus, in position order, at least once. */
export interface OutboxRelay {
  start(): Promise<void>;
  /** Finishes the batch in flight, then gives back the leadership lock and its connection. */
  stop(): Promise<void>;
  /** resolves once everything committed before the call has been published */
  drain(timeoutMs?: number): Promise<void>;
  isLeader(): boolean;
}

const DEFAULT_NAME = 'kafka';
const DEFAULT_POLL_INTERVAL_MS = 25;
/** The poll while notifications wake the relay: only for a wake missed somehow. */
const NOTIFIED_POLL_INTERVAL_MS = 500;
const DEFAULT_BATCH_SIZE = 500;
/**
 * Under load the relay waits this long before a read, so that appends arriving together go to the bus in one
 * produce, reach the projectors in one fetch and are applied in one transaction: each event reaches the read
 * models this much later, and costs the machine less. Under the bench's saves a batch held 2.9 events without
 * the wait and about 7 with 4 ms, and the whole machine spent about a quarter less CPU a save (BENCHMARKS.md,
 * 2026-11-29 afternoon). "Under load" is the append group's rule (`GatherOptions`): the last batch that
 * carried anything carried more than one event. After a lone event (one user saving) the next read does not
 * wait, nor after a full batch, which leaves more behind it.
 */
const DEFAULT_GATHER_MS = 3;
const DEFAULT_DRAIN_TIMEOUT_MS = 5000;
/** A standby asks for the lock this often, and a leader checks its lock connection this often. */
const LEADERSHIP_INTERVAL_MS = 1000;
const FIRST_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5000;
/**
 * The checkpoint is written at most this often while events trickle in (and on stop): a write per event was
 * a transaction per append. A relay that dies publishes at most this much again, which consumers skip.
 */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The lock key of an installation's relays: a positive 31-bit hash of its schema and topic prefix, so test
 * files sharing one server never contend. It cannot equal the append lock (`APPEND_LOCK_KEY` is above 2^32).
 */
export function relayLockKey(schema: string | undefined, topicPrefix: string): number {
  return fnv1a(`yoman-outbox-relay\u0000${schema ?? ''}\u0000${topicPrefix}`) & 0x7fffffff || 1;
}

async function readCheckpoint(db: Knex, name: string): Promise<number> {
  const row = await db('relay_checkpoints').where({ name }).first('position');
  return Number(row?.position ?? 0);
}

/** Never moves back: a relay that lost its lock unnoticed may still finish an older batch. */
async function saveCheckpoint(db: Knex, name: string, position: number): Promise<void> {
  await db('relay_checkpoints')
    .insert({ name, position, updated_at: db.fn.now() })
    .onConflict('name')
    .merge({
      position: db.raw('greatest(relay_checkpoints.position, excluded.position)'),
      updated_at: db.fn.now(),
    });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The outbox relay of the distributed mode. Appends serialise on a transaction-scoped advisory lock, so
 * positions become visible in order and reading "after the checkpoint" never skips an event that committed
 * late. Delivery is at least once: a crash between `publish` and the checkpoint write publishes that batch
 * again, and consumers skip the positions their checkpoints already cover.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus, logger, lockKey } = options;
  const name = options.name ?? DEFAULT_NAME;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const gatherMs = options.gatherMs ?? DEFAULT_GATHER_MS;
  const leadership = createRelayLeadership(db, lockKey, logger);
  const pause = createWakeablePause();
  /** A standby's sleep: appends do not cut it short, or every standby would ask for the lock at each one. */
  const standby = createWakeablePause();
  const listener =
    options.wake &&
    createNotificationListener(options.wake, logger, {
      onNotice: () => pause.wake(),
      // Appends made while nobody listened are read now.
      onUp: () => pause.wake(),
      onDown: () => {},
    });
  const notifiedPollMs = options.wake?.pollIntervalMs ?? NOTIFIED_POLL_INTERVAL_MS;
  const idleWait = () => (listener?.listening() ? notifiedPollMs : pollIntervalMs);
  let running = false;
  let loop: Promise<void> | undefined;
  /** The last position published, known only while leading (another relay may have moved it meanwhile). */
  let published: number | undefined;
  /** The last position written as the checkpoint, and when. */
  let saved: number | undefined;
  let savedAt = 0;
  let leadershipCheckedAt = 0;

  const saveIfDue = async (force = false) => {
    if (published === undefined || published === saved) return;
    if (!force && Date.now() - savedAt < CHECKPOINT_INTERVAL_MS) return;
    const position = published;
    await saveCheckpoint(db, name, position);
    saved = position;
    savedAt = Date.now();
  };
  /** How long an idle relay may sleep before its checkpoint is due. */
  const untilSaveDue = () =>
    published === undefined || published === saved
      ? Number.POSITIVE_INFINITY
      : Math.max(0, savedAt + CHECKPOINT_INTERVAL_MS - Date.now());

  const lead = async (): Promise<boolean> => {
    const leading = leadership.isLeader();
    if (leading && Date.now() - leadershipCheckedAt < LEADERSHIP_INTERVAL_MS) return true;
    leadershipCheckedAt = Date.now();
    if (!leading) published = saved = undefined;
    if (await leadership.claim()) return true;
    published = saved = undefined;
    return false;
  };

  /** A full batch was read last: more are waiting, and the next read does not wait for others to gather. */
  let backlog = false;
  /** How many events the last read that found any found: more than one says the appenders are many. */
  let lastFound = 0;
  /** Publishes the next batch after the checkpoint; false when there was nothing new. */
  const publishNextBatch = async (): Promise<boolean> => {
    if (published === undefined) {
      published = await readCheckpoint(db, name);
      saved = published;
    }
    // A plain sleep: the notices of the appends it gathers must not end it.
    if (gatherMs > 0 && lastFound > 1 && !backlog) await sleep(gatherMs);
    const events = await readEventsAfter(db, { after: published, limit: batchSize });
    backlog = events.length === batchSize;
    if (events.length === 0) return false;
    lastFound = events.length;
    // A crash after this line and before the checkpoint write publishes these events again (at least once).
    await bus.publish(events);
    published = events[events.length - 1].position;
    await saveIfDue();
    return true;
  };

  const run = async () => {
    let backoff = 0;
    while (running) {
      try {
        if (!(await lead())) {
          await standby.for(LEADERSHIP_INTERVAL_MS);
          continue;
        }
        const busy = await publishNextBatch();
        backoff = 0;
        if (!busy) {
          await saveIfDue();
          await pause.for(Math.min(idleWait(), untilSaveDue()));
        }
      } catch (error) {
        // The checkpoint did not move, so the next round publishes the same events again: none is skipped.
        backoff = Math.min(backoff === 0 ? FIRST_BACKOFF_MS : backoff * 2, MAX_BACKOFF_MS);
        logger.error(
          { err: error, relay: name, retryInMs: backoff },
          'outbox relay failed; retrying the batch',
        );
        await pause.for(backoff);
      }
    }
  };

  return {
    async start() {
      if (running) return;
      running = true;
      listener?.start();
      // The first claim happens here, so a caller knows right after start whether this relay leads.
      await lead().catch((error) =>
        logger.error({ err: error, relay: name }, 'outbox relay could not claim'),
      );
      loop = run();
    },
    async stop() {
      running = false;
      pause.wake();
      standby.wake();
      await loop;
      loop = undefined;
      // Still leading: what was published is written before the lock is let go.
      if (leadership.isLeader()) {
        await saveIfDue(true).catch((error) =>
          logger.error({ err: error, relay: name }, 'outbox relay could not save its checkpoint'),
        );
      }
      published = saved = undefined;
      await listener?.close();
      await leadership.release();
    },
    async drain(timeoutMs = DEFAULT_DRAIN_TIMEOUT_MS) {
      const target = await headPosition(db);
      const deadline = Date.now() + timeoutMs;
      pause.wake();
      for (;;) {
        const reached =
          leadership.isLeader() && published !== undefined ? published : await readCheckpoint(db, name);
        if (reached >= target) return;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `The outbox relay ${name} had not published up to position ${target} after ${timeoutMs} ms`,
          );
        }
        await sleep(Math.min(pollIntervalMs, left));
      }
    },
    isLeader: () => running && leadership.isLeader(),
  };
}
