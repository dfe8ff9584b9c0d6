// What the fault tests assert about a stack after a fault: clean answers, nothing lost, nothing applied
// twice, and read models equal to a full replay of the events table.
import { expect } from 'vitest';
import { readTradeModels, rebuildProjections, tradeLedger } from './read-models.mjs';
import { saveAgain } from './trade-stream.mjs';

const UNAVAILABLE_MESSAGE = 'השירות אינו זמין כרגע, נסו שוב בעוד רגע';
/** Every 201 or 503 answer names a trade that is stored; all of them must be in the read model by marker. */
export async function expectEveryAnsweredTradeStored(client, outcomes) {
  const { rows } = await client.query('select notes from trades');
  const stored = new Set(rows.map((row) => row.notes));
  const answered = outcomes.filter((outcome) => outcome.status === 201 || outcome.status === 503);
  expect(answered.filter((outcome) => !stored.has(outcome.marker))).toEqual([]);
}

/**
 * Every save that was not answered 201 (a 503 whose trade was stored, or no answer at all), sent again as the
 * add-trade dialog sends it, with its idempotency key: each answers 201 with its own trade, and each streamed
 * save is one trade, never two. Answers how many were sent again.
 */
export async function expectSavesSentAgainStoredOnce(client, outcomes) {
  const again = outcomes.filter((outcome) => outcome.status !== 201);
  for (const outcome of again) {
    const answer = await saveAgain(outcome);
    expect({ marker: outcome.marker, status: answer.status, notes: answer.body?.notes }).toEqual({
      marker: outcome.marker,
      status: 201,
      notes: outcome.marker,
    });
  }
  const { rows } = await client.query(
    "select notes, count(*)::int as trades from trades where notes like 'stream-%' group by notes",
  );
  const perMarker = new Map(rows.map((row) => [row.notes, row.trades]));
  const twice = outcomes.filter((outcome) => (perMarker.get(outcome.marker) ?? 0) !== 1);
  expect(twice.map((outcome) => [outcome.marker, perMarker.get(outcome.marker) ?? 0])).toEqual([]);
  return again.length;
}

/**
 * The read models the projectors built equal a full replay of the events table, row for row; answers when
 * the rebuild started.
 */
export async function expectReplayEqualsLive(stack, client) {
  const live = await readTradeModels(client);
  const started = Date.now();
  await rebuildProjections(stack);
  const replayed = await readTradeModels(client);
  expect(replayed.trades).toEqual(live.trades);
  expect(replayed.dailyAggregateTrades).toEqual(live.dailyAggregateTrades);
  expect(replayed.dailyAggregates).toEqual(live.dailyAggregates);
  return started;
}

/** No trade event lost or applied twice: one row per logged trade, calendar totals equal the trades'. */
export async function expectExactlyOnce(client) {
  const ledger = await tradeLedger(client);
  expect(ledger.counts.relayed).toBe(ledger.counts.head);
  expect(ledger.counts.trades).toBe(ledger.counts.logged);
  expect(ledger.counts.calendarTrades).toBe(ledger.counts.logged);
  expect(ledger.counts.lockedTrades).toBe(ledger.counts.locked);
  const money = (rows) => rows.map((row) => ({ ...row, pnl_ils: Number(row.pnl_ils).toFixed(2) }));
  expect(money(ledger.fromCalendar)).toEqual(money(ledger.fromTrades));
  return ledger;
}

/** Every stream answer is a 201 or a clean 503 with the product's Hebrew message. */
export function expectCleanAnswers(outcomes) {
  for (const outcome of outcomes) {
    if (outcome.status === 503) {
      expect(outcome).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    } else {
      expect(outcome.status, JSON.stringify(outcome)).toBe(201);
    }
  }
}

/**
 * Changes `person`'s display name until the gateway answers 200 (each answer waits for identity's projector,
 * up to 5 s, then 503), within `timeoutMs`; answers how long after `since` the first 200 came. After a lone
 * broker's restart the projectors' consumers join their groups again as new members, and the broker holds the
 * group until the old member's session (6 s) ends: writes answer 503 meanwhile, stored.
 */
export async function untilIdentityWritesAnswer(person, since, { timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    const profile = {
      displayName: `${person.user.displayName ?? 'תלמיד'} ${attempt}`,
      bio: '',
      publicProfile: false,
    };
    const answer = await person.session.call('PUT', '/api/user-settings', { profile });
    if (answer.status === 200) return Date.now() - since;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    if (Date.now() > deadline) throw new Error(`identity writes still answer 503 after ${timeoutMs} ms`);
  }
}
