import type { DailyAggregate } from '@yoman/contracts';
import { afterOutermostTransaction, type Platform } from '@yoman/platform';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';

// The calendar's months, kept in memory by the process that also applies the `daily_aggregates` projection:
// a month is served from memory while no event changed that user's days since it was read.
//
// Each user's days carry a version that the projection moves twice for every batch touching them: inside
// its transaction (so a read that starts later waits for the commit or sees a new version) and again once
// the outermost transaction is over (so a read that ran on another connection before the commit cannot
// keep its copy). A month read is kept only when the user's version did not move while it was being read,
// and served only while the version is still the one it was read at: a save's read-your-writes wait ends
// after both, so the answer after it always comes from the database.

const MAX_MONTHS = 20_000;

type Listener = (userIds: readonly string[] | 'all') => void;
const listeners = new Set<Listener>();

function announce(userIds: readonly string[] | 'all') {
  for (const listener of listeners) listener(userIds);
}

/** Called by the projection inside its transaction: these users' days changed (or, `all`, every day). */
export function daysChanged(trx: Knex.Transaction, userIds: readonly string[] | 'all'): void {
  if (userIds !== 'all' && userIds.length === 0) return;
  announce(userIds);
  afterOutermostTransaction(trx, () => announce(userIds));
}

export interface MonthCache {
  month(userId: string, key: string, read: () => Promise<DailyAggregate[]>): Promise<DailyAggregate[]>;
  close(): void;
}

/**
 * Whether this process's months may be kept in memory: only where the projection runs in this very process
 * on its own database (embedded mode: PGlite, no Kafka), so that no write to `daily_aggregates` can happen
 * without this process hearing of it.
 */
export function monthsCacheable(platform: Platform): boolean {
  return !platform.config.databaseUrl && !platform.config.kafkaBrokers;
}

export function createMonthCache(): MonthCache {
  const months = new LRUCache<string, { version: string; days: DailyAggregate[] }>({ max: MAX_MONTHS });
  const userVersions = new Map<string, number>();
  let everyone = 0;
  const versionOf = (userId: string) => `${everyone}.${userVersions.get(userId) ?? 0}`;
  const listener: Listener = (userIds) => {
    if (userIds === 'all') {
      everyone += 1;
      months.clear();
      return;
    }
    for (const userId of userIds) userVersions.set(userId, (userVersions.get(userId) ?? 0) + 1);
  };
  listeners.add(listener);
  return {
    async month(userId, key, read) {
      const cacheKey = `${userId}\n${key}`;
      const version = versionOf(userId);
      const kept = months.get(cacheKey);
      if (kept?.version === version) return kept.days;
      const days = await read();
      if (versionOf(userId) === version) months.set(cacheKey, { version, days });
      return days;
    },
    close() {
      listeners.delete(listener);
      months.clear();
    },
  };
}
