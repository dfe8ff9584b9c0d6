// A save answers with the trade as its command leaves it, not read back: these hold that answer to the
// `trades` read model as the API reads it, over random trades, edits and trades logged already locked.

import { SETUP_TYPES, TRADE_SESSIONS } from '@yoman/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALICE, eurusd, tradeTestAppPerFile } from '../test-support/trade-test-app';
import { findTrade } from './trade-queries';

const t = tradeTestAppPerFile();

const readModelOf = (id: string) => findTrade(t.harness.platform.db, ALICE.userId, id);

/** A decimal as a client may type it: a number, or a string with zeros a canonical decimal drops. */
const typed = (value: number, asNumber: boolean) => (asNumber ? value : `0${value.toFixed(5)}0`);

/** A valid trade, its stop and target on their sides of the entry, its decimals typed in various ways. */
const tradeBody = fc
  .record({
    market: fc.constantFrom(
      { assetType: 'forex', symbol: 'eur/usd' },
      { assetType: 'crypto', symbol: 'btcusdt' },
      { assetType: 'stocks', symbol: 'aapl' },
    ),
    direction: fc.constantFrom('long', 'short'),
    entry: fc.integer({ min: 100_000, max: 200_000 }),
    exitMove: fc.integer({ min: -50_000, max: 50_000 }),
    stopDistance: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
    targetDistance: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
    asNumbers: fc.boolean(),
    positionSize: fc.constantFrom('1', '0.5', '10.250', 3),
    fees: fc.constantFrom('0', '1.5', '0.10', null),
    session: fc.constantFrom(...TRADE_SESSIONS),
    setup: fc.constantFrom(...SETUP_TYPES),
    notes: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
  })
  .map(({ entry, exitMove, stopDistance, targetDistance, asNumbers, direction, ...rest }) => {
    const side = direction === 'long' ? 1 : -1;
    const price = (thousandths: number | null) =>
      thousandths === null ? null : typed(thousandths / 1000, asNumbers);
    return {
      ...rest,
      direction,
      entryPrice: price(entry),
      exitPrice: price(entry + exitMove),
      stopPrice: price(stopDistance === null ? null : entry - side * stopDistance),
      targetPrice: price(targetDistance === null ? null : entry + side * targetDistance),
    };
  });

type TradeBody = typeof tradeBody extends fc.Arbitrary<infer Body> ? Body : never;
const bodyOf = ({ market, ...rest }: TradeBody) => ({ ...eurusd, ...market, ...rest });

describe('a save answers with what the read model holds', () => {
  it('logging: the answer equals the trade read back, over random trades', async () => {
    await fc.assert(
      fc.asyncProperty(tradeBody, async (body) => {
        const response = await t.call('POST', '/api/trades', ALICE, bodyOf(body));
        expect(response.statusCode, response.body).toBe(201);
        const answer = response.json() as { id: string };
        expect(answer).toEqual(await readModelOf(answer.id));
      }),
      { numRuns: 30 },
    );
  });

  it('editing: the answer equals the trade read back, after figure and note changes and a material edit', async () => {
    const { id } = await t.logTrade();
    await fc.assert(
      fc.asyncProperty(tradeBody, async (body) => {
        const response = await t.call('PUT', `/api/trades/${id}`, ALICE, bodyOf(body));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(await readModelOf(id));
      }),
      { numRuns: 15 },
    );
    expect((await readModelOf(id))?.trustScore).toBeLessThan(100);
  });

  it('a trade logged after its lock window answers locked, as the read model holds it', async () => {
    t.clock.set('2026-03-20T10:00:00.000Z');
    const answer = await t.logTrade();
    expect(answer).toMatchObject({ isLocked: true });
    expect(answer).toEqual(await readModelOf(answer.id));
  });

  it('a loss that rounds to zero answers 0.00 and an R of 0.0000, as the read model holds them', async () => {
    const answer = await t.logTrade(ALICE, {
      assetType: 'stocks',
      symbol: 'aapl',
      entryPrice: '100.00001',
      exitPrice: '100',
      stopPrice: '1',
      positionSize: '1',
    });
    expect(answer).toMatchObject({ pnlUsd: '0.00', rMultiple: '0.0000' });
    expect(answer).toEqual(await readModelOf(answer.id));
  });

  it("an edit of another student's trade is refused as not found, and changes nothing", async () => {
    const { id } = await t.logTrade();
    const before = await readModelOf(id);
    const response = await t.call('PUT', `/api/trades/${id}`, { ...ALICE, userId: 'bob' }, eurusd);
    expect(response.statusCode).toBe(404);
    expect(await readModelOf(id)).toEqual(before);
  });
});
