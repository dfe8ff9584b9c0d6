import { randomUUID } from 'node:crypto';
import type { TradeEvent } from '@yoman/contracts';
import type { RecordedEvent } from '@yoman/platform';
import knex from 'knex';
import ClientPgLite from 'knex-pglite';
import { analyticsProjection } from '../services/trade/src/analytics/analytics-projection';
import { tradeMigrations } from '../services/trade/src/migrations';
import { loggedEvent } from '../services/trade/src/trades/trade-fixtures';

// Times the analytics projection alone: one student's history seeded in batches, then single saves applied
// one transaction each, as embedded mode applies a POST /api/trades. Run: npx tsx bench/analytics-save-timing.ts
// HISTORY: trades seeded first; SAVES: saves timed; SAME_DAY=1: every save exits on one day after the history,
// as the lag probe writes them (that day grows with each save); BATCH: saves a transaction (default 1; more,
// as a distributed projector applies a fetch).

const HISTORY = Number(process.env.HISTORY ?? 20_000);
const SAVES = Number(process.env.SAVES ?? 50);
const BATCH = Math.max(1, Number(process.env.BATCH ?? 1));
const TRANSACTIONS = Math.ceil(SAVES / BATCH);
const UNIT = BATCH === 1 ? 'save' : `transaction of ${BATCH} saves`;
const SAME_DAY = process.env.SAME_DAY === '1';
const SESSIONS = ['asia', 'london', 'new_york'] as const;
const SYMBOLS = ['EURUSD', 'GBPUSD', 'BTCUSD', 'XAUUSD', 'NAS100'];

let position = 0;
function recorded(event: TradeEvent): RecordedEvent {
  position += 1;
  return {
    ...event,
    position,
    streamId: `trade-${event.data.tradeId}`,
    streamType: 'trade',
    version: 1,
    metadata: {},
    recordedAt: new Date(),
  };
}

const exitOf = (index: number) =>
  SAME_DAY && index >= HISTORY
    ? new Date(Date.UTC(2023, 0, 1) + HISTORY * 90 * 60_000 + 86_400_000 + (index - HISTORY) * 1_000)
    : new Date(Date.UTC(2023, 0, 1) + index * 90 * 60_000);

function tradeAt(index: number): TradeEvent {
  const exit = exitOf(index);
  const r = ((index * 7919) % 61) / 10 - 2.5;
  return loggedEvent({
    tradeId: randomUUID(),
    symbol: SYMBOLS[index % SYMBOLS.length],
    session: SESSIONS[index % SESSIONS.length],
    entryTime: new Date(exit.getTime() - ((index % 5) + 1) * 20 * 60_000).toISOString(),
    exitTime: exit.toISOString(),
    rMultiple: r.toFixed(4),
    pnlUsd: (r * 100).toFixed(2),
  });
}

const db = knex({ client: ClientPgLite, dialect: 'postgres', connection: {} });
for (const migration of tradeMigrations) await migration.up(db);
const seedStart = performance.now();
for (let start = 0; start < HISTORY; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, HISTORY - start) }, (_, offset) =>
    recorded(tradeAt(start + offset)),
  );
  await db.transaction((trx) => analyticsProjection.applyBatch?.(batch, trx));
}
const days = await db('trade_analytics_days').count({ n: '*' });
console.log(
  `seeded ${HISTORY} trades (${days[0].n} days) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);
const timings: number[] = [];
let statements = 0;
let sqlMs = 0;
const started = new Map<string, number>();
const byStatement = new Map<string, number>();
interface Query {
  __knexQueryUid: string;
  sql: string;
}
db.on('query', (query: Query) => {
  statements += 1;
  started.set(query.__knexQueryUid, performance.now());
});
const finished = (_: unknown, query: Query) => {
  const ms = performance.now() - (started.get(query.__knexQueryUid) ?? performance.now());
  sqlMs += ms;
  const opening = query.sql.replace(/\s+/g, ' ').slice(0, 60);
  byStatement.set(opening, (byStatement.get(opening) ?? 0) + ms);
  started.delete(query.__knexQueryUid);
};
db.on('query-response', finished);
db.on('query-error', (_: unknown, query: Query) => finished(undefined, query));
for (let first = 0; first < SAVES; first += BATCH) {
  const events = Array.from({ length: Math.min(BATCH, SAVES - first) }, (_, offset) =>
    recorded(tradeAt(HISTORY + first + offset)),
  );
  const start = performance.now();
  await db.transaction(async (trx) => {
    if (events.length === 1) await analyticsProjection.apply(events[0], trx);
    else await analyticsProjection.applyBatch?.(events, trx);
  });
  timings.push(performance.now() - start);
}
const tenth = Math.max(1, Math.floor(TRANSACTIONS / 10));
const meanOf = (part: readonly number[]) => part.reduce((sum, t) => sum + t, 0) / part.length;
const firstTenth = meanOf(timings.slice(0, tenth));
const lastTenth = meanOf(timings.slice(-tenth));
timings.sort((a, b) => a - b);
const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(1);
const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
console.log(
  `${SAVES} saves${SAME_DAY ? ' on one day' : ''}, a ${UNIT}: mean ${mean.toFixed(1)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ` +
    `${(statements / TRANSACTIONS).toFixed(1)} statements and ${(sqlMs / TRANSACTIONS).toFixed(1)} ms of SQL a ${UNIT} (begin and commit included)`,
);
console.log(
  `  mean of the first tenth ${firstTenth.toFixed(1)} ms, of the last tenth ${lastTenth.toFixed(1)} ms`,
);
for (const [opening, ms] of [...byStatement].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.log(`  ${(ms / TRANSACTIONS).toFixed(2).padStart(6)} ms  ${opening}`);
await db.destroy();
