// The trade read models and the event store of a stack's schema, read with pg, and the rebuild command that
// replays them from the events table.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import { connectToSchema } from './stack-isolation.mjs';
import { runOnce, tailOf } from './stack-process.mjs';

/** Every row of the trade read models, ordered by key, so two reads compare with toEqual. */
export async function readTradeModels(client) {
  const rows = async (sql) => (await client.query(sql)).rows;
  return {
    trades: await rows('select * from trades order by id'),
    dailyAggregates: await rows('select * from daily_aggregates order by user_id, date'),
    dailyAggregateTrades: await rows('select * from daily_aggregate_trades order by trade_id'),
  };
}

/** How many events of each type the store holds. */
export async function eventCounts(client) {
  const { rows } = await client.query('select type, count(*)::int as count from events group by type');
  return Object.fromEntries(rows.map((row) => [row.type, row.count]));
}

/**
 * What the projections must show when every trade event was applied exactly once: a trades row per logged
 * trade (none deleted here), a calendar row per trade, and per person calendar totals equal to the trades'.
 */
export async function tradeLedger(client) {
  const one = async (sql) => (await client.query(sql)).rows[0];
  const perPerson = async (sql) => (await client.query(sql)).rows;
  return {
    counts: await one(`select
        (select count(*)::int from events where type = 'trade.logged.v1') as logged,
        (select count(*)::int from events where type = 'trade.locked.v1') as locked,
        (select count(*)::int from trades) as trades,
        (select count(*)::int from trades where is_locked) as "lockedTrades",
        (select count(*)::int from daily_aggregate_trades) as "calendarTrades",
        (select count(*)::int from events where type like 'trade.%') as "tradeEvents",
        (select coalesce(max(position), 0)::int from events) as head,
        (select coalesce(max(position), 0)::int from relay_checkpoints) as relayed`),
    fromTrades: await perPerson(`select user_id, count(*)::int as trades, sum(pnl_ils)::text as pnl_ils
        from trades group by user_id order by user_id`),
    fromCalendar:
      await perPerson(`select user_id, sum(total_trades)::int as trades, sum(net_pnl_ils)::text as pnl_ils
        from daily_aggregates group by user_id order by user_id`),
  };
}

/** Waits until the trades projections have applied every logged trade (and stay so for a moment). */
export async function waitForCatchUp(client, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let settled = 0;
  for (;;) {
    const { counts } = await tradeLedger(client);
    const caughtUp =
      counts.relayed === counts.head &&
      counts.trades === counts.logged &&
      counts.calendarTrades === counts.logged &&
      counts.lockedTrades === counts.locked;
    settled = caughtUp ? settled + 1 : 0;
    if (settled >= 3) return counts;
    if (Date.now() > deadline) throw new Error(`projections did not catch up: ${JSON.stringify(counts)}`);
    await sleep(300);
  }
}

/** Runs `npm run projections:rebuild` as the operator would, with the stack's environment. */
export async function rebuildProjections(stack) {
  const logFile = join(stack.dir, 'rebuild.log');
  const result = await runOnce('services/gateway/src/cli/rebuild-projections.ts', [], {
    env: stack.env,
    logFile,
    runtime: stack.runtime,
  });
  if (result.code !== 0)
    throw new Error(`rebuild exited ${result.code}:\n${result.stdout}\n${tailOf(logFile)}`);
  return result.stdout;
}

/** How many messages a topic holds (all partitions): every relayed event at least once. */
export async function messagesInTopic(brokers, topic) {
  const admin = new Kafka({
    clientId: 'yoman-stack-count',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((sum, { high, low }) => sum + Number(high) - Number(low), 0);
  } finally {
    await admin.disconnect();
  }
}

/** A pg client on the stack's own schema. */
export const connectToStack = (stack) => connectToSchema(stack.serverDatabaseUrl, stack.schema);
