import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { afterOutermostTransaction } from '../projections/after-commit';

// Answers kept in memory by the process that also applies the projections they are read from (embedded
// mode), so that a repeated read costs no query. Every answer names the scopes it was read from (a user's
// rows, an organisation's members' rows); a projection announces the scopes a batch changed.
//
// Each scope carries a version that moves twice for every batch touching it: inside the projection's
// transaction (so a read that starts later waits for the commit or sees a new version) and again once the
// outermost transaction is over (so a read that ran on another connection before the commit cannot keep
// its copy). An answer is kept only when none of its scopes moved while it was read, and served only while
// they are all still at the versions it was read at: a save's read-your-writes wait ends after both, so the
// answer after it is always read anew.

/** What a batch changed: some scopes, or (a rebuild) everything. */
export type ChangedScopes = readonly string[] | 'all';

type Listener = (scopes: ChangedScopes) => void;
const listeners = new Set<Listener>();

function announce(scopes: ChangedScopes) {
  for (const listener of listeners) listener(scopes);
}

/** The scope of one user's rows. */
export const userScope = (userId: string) => `user:${userId}`;
/** The scope of the rows of an organisation's members taken together. */
export const organisationScope = (organisationId: string) => `organisation:${organisationId}`;

/** Whether any read cache lives in this process: a projection may skip working out scopes nobody keeps. */
export function readCachesListening(): boolean {
  return listeners.size > 0;
}

/** Called by a projection inside its transaction: what it wrote there changes these scopes' answers. */
export function readModelChanged(trx: Knex.Transaction, scopes: ChangedScopes): void {
  if (scopes !== 'all' && scopes.length === 0) return;
  if (listeners.size === 0) return;
  announce(scopes);
  afterOutermostTransaction(trx, () => announce(scopes));
}

/** `readModelChanged` for the rows of these users. */
export function usersChanged(trx: Knex.Transaction, userIds: Iterable<string>): void {
  readModelChanged(trx, [...new Set(userIds)].map(userScope));
}

/**
 * Whether answers may be kept in memory here: only where every projection runs in this very process on its
 * own database (embedded mode: PGlite, no Kafka), so that nothing can change a read model unheard.
 */
export function readCacheable(config: { databaseUrl?: string; kafkaBrokers?: unknown }): boolean {
  return !config.databaseUrl && !config.kafkaBrokers;
}

export interface ReadCache {
  /**
   * The answer kept under `key` while none of `scopes` changed, else `load`'s, kept frozen (the response
   * serialiser writes a frozen answer once). `key` names everything else the answer depends on.
   */
  read<Answer extends object>(
    scopes: readonly string[],
    key: string,
    load: () => Promise<Answer>,
  ): Promise<Answer>;
  readonly size: number;
  close(): void;
}

/** Bytes an answer is counted for: its JSON twice (the object and the serialised copy kept beside it). */
const weightOf = (answer: object) => Math.max(1, JSON.stringify(answer).length * 2);

export function createReadCache(options: { maxBytes: number }): ReadCache {
  const answers = new LRUCache<string, { version: string; answer: object }>({
    maxSize: options.maxBytes,
    sizeCalculation: (kept) => weightOf(kept.answer),
  });
  const versions = new Map<string, number>();
  let everything = 0;
  const versionOf = (scopes: readonly string[]) =>
    `${everything}${scopes.map((scope) => `.${versions.get(scope) ?? 0}`).join('')}`;
  const listener: Listener = (scopes) => {
    if (scopes === 'all') {
      everything += 1;
      answers.clear();
      return;
    }
    for (const scope of scopes) versions.set(scope, (versions.get(scope) ?? 0) + 1);
  };
  listeners.add(listener);
  return {
    async read(scopes, key, load) {
      const cacheKey = `${scopes.join('\n')}\n\n${key}`;
      const version = versionOf(scopes);
      const kept = answers.get(cacheKey);
      if (kept?.version === version) return kept.answer as Awaited<ReturnType<typeof load>>;
      const answer = deepFreeze(await load());
      if (versionOf(scopes) === version) answers.set(cacheKey, { version, answer });
      return answer;
    },
    get size() {
      return answers.size;
    },
    close() {
      listeners.delete(listener);
      answers.clear();
    },
  };
}

function deepFreeze<Value>(value: Value): Value {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
