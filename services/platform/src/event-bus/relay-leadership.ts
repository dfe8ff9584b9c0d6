import type { Knex } from 'knex';
import type pg from 'pg';
import type { Logger } from 'pino';

/** Which relay of an installation publishes: the one holding a session advisory lock, the others stand by. */
export interface RelayLeadership {
  /** Takes the lock when it is free, or confirms it is still held; false while another relay leads. */
  claim(): Promise<boolean>;
  isLeader(): boolean;
  /** Gives the lock and its connection back. */
  release(): Promise<void>;
}

/** A connection that does not answer within this long is taken for dead (a silent network failure). */
const QUERY_TIMEOUT_MS = 5000;

/** A query that fails after `QUERY_TIMEOUT_MS` (pg reads `query_timeout` per query; its types omit it). */
function bounded(text: string, values: unknown[] = []): pg.QueryConfig {
  return { text, values, query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig;
}

/** Whether `db` is the embedded PGlite: knex-pglite keeps its single database on the client. */
function isEmbedded(db: Knex): boolean {
  return 'pglite' in db.client;
}

/**
 * Leadership on PostgreSQL through `pg_try_advisory_lock(lockKey)` on a connection of its own; on PGlite
 * there is one connection and one process, so the relay always leads (and holds nothing that could block
 * the single connection).
 */
export function createRelayLeadership(db: Knex, lockKey: number, logger: Logger): RelayLeadership {
  if (isEmbedded(db)) return embeddedLeadership();
  return sessionLockLeadership(db, lockKey, logger);
}

function embeddedLeadership(): RelayLeadership {
  let leader = false;
  return {
    async claim() {
      leader = true;
      return true;
    },
    isLeader: () => leader,
    async release() {
      leader = false;
    },
  };
}

function sessionLockLeadership(db: Knex, lockKey: number, logger: Logger): RelayLeadership {
  let connection: pg.Client | undefined;
  let leader = false;

  const onLost = (error?: unknown) => abandon(error ?? new Error('The leadership connection ended'));
  const detach = (held: pg.Client) => {
    held.off('error', onLost);
    held.off('end', onLost);
  };
  /**
   * Gives up a connection that failed. It is closed rather than pooled: if its session were somehow still
   * alive it would keep the lock, and no standby could take over.
   */
  const abandon = (reason: unknown) => {
    const lost = connection;
    if (!lost) return;
    if (leader) logger.warn({ err: reason }, 'outbox relay lost its leadership connection; standing by');
    connection = undefined;
    leader = false;
    detach(lost);
    lost.end().catch(() => {});
    // knex marks an ended connection as disposed and destroys it instead of handing it out again.
    Promise.resolve(db.client.releaseConnection(lost)).catch(() => {});
  };

  const confirm = async (held: pg.Client) => {
    try {
      await held.query(bounded('select 1'));
      return true;
    } catch (error) {
      abandon(error);
      return false;
    }
  };

  const tryLock = async () => {
    const held: pg.Client = await db.client.acquireConnection();
    connection = held;
    held.on('error', onLost);
    held.on('end', onLost);
    try {
      const result = await held.query<{ locked: boolean }>(
        bounded('select pg_try_advisory_lock($1) as locked', [lockKey]),
      );
      if (connection !== held) return false;
      leader = result.rows[0]?.locked === true;
    } catch (error) {
      abandon(error);
      return false;
    }
    if (leader) {
      logger.info({ lockKey }, 'outbox relay is the leader');
      return true;
    }
    // Standing by holds no connection: the lock was not taken, so the connection can go back to the pool.
    connection = undefined;
    detach(held);
    await db.client.releaseConnection(held);
    return false;
  };

  return {
    async claim() {
      if (connection && leader) return confirm(connection);
      return tryLock();
    },
    isLeader: () => leader,
    async release() {
      const held = connection;
      if (!held) return;
      const wasLeader = leader;
      connection = undefined;
      leader = false;
      detach(held);
      try {
        if (wasLeader) await held.query(bounded('select pg_advisory_unlock($1)', [lockKey]));
      } catch {
        // The session is gone, and its lock with it; close what is left.
        await held.end().catch(() => {});
      }
      await db.client.releaseConnection(held);
    },
  };
}
