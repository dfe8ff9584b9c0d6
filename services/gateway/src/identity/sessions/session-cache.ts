import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { isSessionAlive } from './lifetime';
import { findSession, type SessionWithUser } from './session-store';

/**
 * Sessions looked up by id are kept in memory, each tagged with the revocation count read before its lookup,
 * and served only while that count is unchanged: every revocation (logout, device disconnected, a new login
 * replacing a session) adds one to the count in the same transaction, so the very next request after it
 * reads its session from the table again and is refused.
 *
 * Where the count is read depends on who may revoke. With PGlite the data directory is locked to this one
 * process, so the revocations this process makes are all there are: the count is kept in memory and a
 * request costs no query at all. With PostgreSQL another gateway process may revoke: each request reads the
 * one-row count (a primary-key read instead of the sessions–users join).
 */
export interface SessionCache {
  /** The session as stored; a cached copy only while nothing was revoked and it is still alive at `now`. */
  find(sessionId: string, now: Date): Promise<SessionWithUser | null>;
  /** The cached copy after this process wrote a new last-active time. */
  touched(sessionId: string, lastActiveAt: Date): void;
}

interface Entry {
  session: SessionWithUser;
  version: number;
}

const MAX_SESSIONS = 10_000;
const localCounts = new WeakMap<Knex, { version: number }>();

function localCountOf(db: Knex) {
  let count = localCounts.get(db);
  if (!count) {
    count = { version: 0 };
    localCounts.set(db, count);
  }
  return count;
}

/**
 * Runs `revoke` and adds one to the revocation count in the same transaction; this process's own count
 * moves only after the commit, so no lookup can cache the row as it was before the revocation under the
 * new count.
 */
export async function counted<T>(db: Knex, revoke: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (trx) => {
    const revoked = await revoke(trx);
    await trx('session_revocations')
      .insert({ id: 1, version: 1 })
      .onConflict('id')
      .merge({ version: trx.raw('session_revocations.version + 1') });
    return revoked;
  });
  localCountOf(db).version += 1;
  return result;
}

async function sharedCount(db: Knex): Promise<number> {
  const row = await db('session_revocations').where({ id: 1 }).first('version');
  return Number(row?.version ?? 0);
}

/** `shared`: other processes write the same database (PostgreSQL); false for this process's own PGlite. */
export function createSessionCache(db: Knex, shared: boolean): SessionCache {
  const entries = new LRUCache<string, Entry>({ max: MAX_SESSIONS });
  const local = localCountOf(db);
  const currentVersion = shared ? () => sharedCount(db) : async () => local.version;
  return {
    async find(sessionId, now) {
      const version = await currentVersion();
      const cached = entries.get(sessionId);
      // Another process may have written a later last-active time: a copy that looks idle is read again.
      if (cached?.version === version && isSessionAlive(cached.session, now)) return cached.session;
      const session = await findSession(db, sessionId);
      if (session && !session.revokedAt) entries.set(sessionId, { session, version });
      else entries.delete(sessionId);
      return session;
    },
    touched(sessionId, lastActiveAt) {
      const cached = entries.get(sessionId);
      if (cached) cached.session = { ...cached.session, lastActiveAt };
    },
  };
}
