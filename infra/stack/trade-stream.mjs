// Students logging trades at a steady rate through the gateway while a fault is injected, and what each
// POST answered. Every trade carries a marker in its notes, so a trade whose answer was a 503 can still be
// found in the read models afterwards, and an idempotency key, as the add-trade dialog sends, so each can be
// sent again.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const HOUR_MS = 3_600_000;

/** A EUR/USD trade that ended `exitAgoMs` ago; `index` varies the exit price so figures differ. */
export function tradeBody({ notes, exitAgoMs = 60_000, index = 0 }) {
  const exit = new Date(Date.now() - exitAgoMs);
  const entry = new Date(exit.getTime() - HOUR_MS);
  const move = ((index % 7) - 3) * 0.001;
  return {
    symbol: 'EUR/USD',
    assetType: 'forex',
    direction: 'long',
    entryPrice: '1.1000',
    exitPrice: (1.1 + move).toFixed(4),
    stopPrice: '1.0950',
    positionSize: '1',
    fees: '0',
    session: 'london',
    setup: 'breakout',
    entryTime: entry.toISOString(),
    exitTime: exit.toISOString(),
    notes,
  };
}

/**
 * Each person POSTs a trade every `intervalMs` (after the previous answer) until `fault()` resolves and
 * `tailMs` more have passed. Resolves with every outcome: `{ marker, status, code, message, id, ms }`,
 * status 0 for a request that got no HTTP answer, with what was sent (`person`, `body`, `key`).
 */
export async function streamTrades(people, { intervalMs = 250, tailMs = 1500, fault }) {
  let streaming = true;
  const outcomes = [];
  const loops = people.map(async (person, personIndex) => {
    for (let n = 0; streaming; n += 1) {
      const marker = `stream-${personIndex}-${n}-${Math.random().toString(36).slice(2, 8)}`;
      const sent = {
        person,
        body: tradeBody({ notes: marker, index: n }),
        key: randomBytes(16).toString('hex'),
      };
      const started = Date.now();
      try {
        const answer = await saveAgain(sent);
        outcomes.push({
          ...sent,
          marker,
          status: answer.status,
          code: answer.body?.code,
          message: answer.body?.message,
          id: answer.body?.id,
          ms: Date.now() - started,
        });
      } catch (error) {
        outcomes.push({ ...sent, marker, status: 0, message: String(error), ms: Date.now() - started });
      }
      await sleep(intervalMs);
    }
  });
  try {
    await fault();
    await sleep(tailMs);
  } finally {
    streaming = false;
    await Promise.all(loops);
  }
  return outcomes;
}

/** Sends a streamed save (again): the same body under the same idempotency key. */
export function saveAgain({ person, body, key }) {
  return person.session.call('POST', '/api/trades', body, {
    timeoutMs: 20_000,
    headers: { 'idempotency-key': key },
  });
}

/** Outcomes counted by HTTP status (0: no answer). */
export function countByStatus(outcomes) {
  const counts = {};
  for (const { status } of outcomes) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A whole number of ms in [min, max). */
export const randomMs = (min, max) => Math.floor(min + Math.random() * (max - min));
