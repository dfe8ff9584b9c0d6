import { SETUP_SUFFICIENT_SAMPLE, type Setup } from '@yoman/contracts';
import type { Knex } from 'knex';
import { avgROf, winRateOf } from '../analytics/figures';

interface SetupRow {
  id: string;
  name: string;
  description: string;
  entry_rules: string;
  exit_rules: string;
  checklist: string[] | string;
  smc_context: string;
  is_archived: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  trades: number | null;
  wins: number | null;
  r_trades: number | null;
  net_r: number | null;
}

/** A setup with its figures from the analytics read model (its trades of all time). */
function setupOf(row: SetupRow): Setup {
  const trades = Number(row.trades ?? 0);
  const rTrades = Number(row.r_trades ?? 0);
  const sums = { trades, wins: Number(row.wins ?? 0), rTrades, netR: Number(row.net_r ?? 0) };
  const averageR = rTrades === 0 ? null : avgROf(sums);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    entryRules: row.entry_rules,
    exitRules: row.exit_rules,
    checklist: typeof row.checklist === 'string' ? JSON.parse(row.checklist) : row.checklist,
    smcContext: row.smc_context,
    isArchived: row.is_archived,
    winRate: trades === 0 ? null : winRateOf(sums),
    // Rules §8: expectancy is the mean R of the trades with R, which is also their average R.
    expectancy: averageR,
    avgR: averageR,
    sampleSize: trades,
    sufficientSample: trades >= SETUP_SUFFICIENT_SAMPLE,
    tradesNeeded: Math.max(0, SETUP_SUFFICIENT_SAMPLE - trades),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function setupsOfUser(db: Knex, userId: string) {
  return db('trade_setups as s')
    .leftJoin('trade_analytics_groups as g', (join) =>
      join
        .on('g.user_id', 's.user_id')
        .andOnVal('g.grain', 'all')
        .andOnVal('g.dimension', 'setup')
        .andOn('g.key', db.raw('s.id::text')),
    )
    .where('s.user_id', userId)
    .select('s.*', 'g.trades', 'g.wins', 'g.r_trades', db.raw('g.net_r::float8 as net_r'));
}

/** The user's setups: active first, then the archive, newest first in each. */
export async function listSetups(db: Knex, userId: string): Promise<Setup[]> {
  const rows: SetupRow[] = await setupsOfUser(db, userId).orderBy([
    { column: 's.is_archived', order: 'asc' },
    { column: 's.created_at', order: 'desc' },
    { column: 's.id', order: 'asc' },
  ]);
  return rows.map(setupOf);
}

/** One of the user's setups, or undefined (another user's setup is as good as missing). */
export async function findSetup(db: Knex, userId: string, setupId: string): Promise<Setup | undefined> {
  const row: SetupRow | undefined = await setupsOfUser(db, userId).where('s.id', setupId).first();
  return row && setupOf(row);
}
