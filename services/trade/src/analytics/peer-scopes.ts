import { organisationScope, readModelChanged } from '@yoman/platform';
import type { Knex } from 'knex';
import type { SqlPart } from './analytics-reads';

/** The organisations these users' figures count for in the comparison (`trade_analytics_members`). */
export const organisationsPart = (users: readonly string[]): SqlPart => ({
  sql: `select distinct organisation_id from trade_analytics_members where user_id in (${users.map(() => '?').join(', ')})`,
  bindings: [...users],
});

/**
 * The comparison of an organisation's members changes with any member's figures, and with a member who moves
 * to another organisation: a batch announces the organisations its users counted for before it (read with
 * its other reads) and the ones its logged trades name, which are all they can count for after it.
 */
export function peersChanged(
  trx: Knex.Transaction,
  before: readonly Record<string, unknown>[],
  logged: readonly string[],
) {
  const organisations = new Set([...before.map((row) => String(row.organisation_id)), ...logged]);
  readModelChanged(trx, [...organisations].map(organisationScope));
}
