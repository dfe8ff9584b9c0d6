import type { Knex } from 'knex';

interface Transactor {
  parentTransaction?: Transactor;
  executionPromise?: Promise<unknown>;
}

/**
 * Runs `then` once the outermost transaction around `trx` (a projection's savepoint sits inside the
 * runner's transaction) has committed or rolled back: for in-memory copies of a read model that must be
 * dropped again once what a projection wrote is visible to every connection.
 */
export function afterOutermostTransaction(trx: Knex.Transaction, then: () => void): void {
  let outermost = trx as unknown as Transactor;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  if (!outermost.executionPromise) throw new Error('not inside a knex transaction');
  outermost.executionPromise.then(then, then);
}
