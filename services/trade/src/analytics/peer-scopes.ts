import { organisationScope, readCachesListening, readModelChanged } from '@yoman/platform';
import type { Knex } from 'knex';

/** The organisations these users' figures count for in the comparison (`trade_analytics_members`). */
async function organisationsOf(trx: Knex.Transaction, users: readonly string[]): Promise<string[]> {
  if (users.length === 0 || !readCachesListening()) return [];
  return trx('trade_analytics_members').whereIn('user_id', users).distinct().pluck('organisation_id');
}

/**
 * The comparison of an organisation's members changes with any member's figures, and with a member who moves
 * to another organisation: `before` notes the organisations of a batch's users before their membership is
 * written, `after` announces those and the ones they count for now. Only where answers are kept in memory.
 */
export async function peerScopesOf(trx: Knex.Transaction, users: readonly string[]) {
  const before = await organisationsOf(trx, users);
  return {
    async after(changed: readonly string[]) {
      const now = await organisationsOf(trx, changed);
      readModelChanged(trx, [...new Set([...before, ...now])].map(organisationScope));
    },
  };
}
