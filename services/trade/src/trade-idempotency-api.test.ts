// POST /api/trades with an idempotency key: the same save sent again (its answer lost, or a 503 after the trade
// was stored) answers the trade it logged and never logs a second one.

import { IDEMPOTENCY_KEY_HEADER } from '@yoman/contracts';
import { unavailable } from '@yoman/platform';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, asCaller, BOB, eurusd, tradeTestAppPerFile } from './test-support/trade-test-app';

const t = tradeTestAppPerFile();

const KEY = '3f0c9a52-6d1e-4c8b-9a7e-2b5d4f1e8c60';

const post = (key: string | undefined, body: object = eurusd, caller = ALICE) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trades',
    headers: { ...asCaller(caller), ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload: body,
  });

const tradesOf = async (caller = ALICE) =>
  (await t.call('GET', '/api/trades', caller)).json() as { id: string; notes: string | null }[];
const tradesOnTheDay = async (caller = ALICE) =>
  (await t.call('GET', '/api/daily-aggregates/2026-03-10', caller)).json().totalTrades as number;

describe('POST /api/trades with an idempotency key', () => {
  it('sent twice, answers the same trade both times and logs it once', async () => {
    const first = await post(KEY);
    const second = await post(KEY);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect((await tradesOf()).map((trade) => trade.id)).toEqual([first.json().id]);
    expect(await tradesOnTheDay()).toBe(1);
  });

  it('after a 503 whose trade was stored, the same save sent again answers that trade and adds none', async () => {
    const waitFor = vi.spyOn(t.harness.platform.projections, 'waitFor').mockRejectedValueOnce(unavailable());
    try {
      const failed = await post(KEY);
      expect(failed.statusCode).toBe(503);
      const again = await post(KEY);
      expect(again.statusCode, again.body).toBe(201);
      expect((await tradesOf()).map((trade) => trade.id)).toEqual([again.json().id]);
      expect(await tradesOnTheDay()).toBe(1);
    } finally {
      waitFor.mockRestore();
    }
  });

  it('sent at the same moment twice, logs one trade and answers it to both', async () => {
    const [one, two] = await Promise.all([post(KEY), post(KEY)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.json().id).toBe(two.json().id);
    expect(await tradesOnTheDay()).toBe(1);
  });

  it('with another body is refused with 422 and leaves the first trade as it was', async () => {
    const first = await post(KEY);
    const changed = await post(KEY, { ...eurusd, notes: 'הערה אחרת' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'העסקה כבר נשמרה בניסיון הקודם, עם פרטים אחרים. סגרו את החלון וערכו אותה מהיומן',
    });
    expect(await tradesOf()).toEqual([expect.objectContaining({ id: first.json().id, notes: eurusd.notes })]);
  });

  it('after its trade was deleted is refused with 409 and logs nothing', async () => {
    const { id } = (await post(KEY)).json();
    expect((await t.call('DELETE', `/api/trades/${id}`, ALICE)).statusCode).toBe(200);
    const again = await post(KEY);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TRADE_DELETED',
      message: 'העסקה שנשמרה בבקשה הזאת כבר נמחקה',
    });
    expect(await tradesOf()).toEqual([]);
  });

  it('names a trade of its sender only: another student with the same key logs a trade of their own', async () => {
    const alices = await post(KEY);
    const bobs = await post(KEY, eurusd, BOB);
    expect([alices.statusCode, bobs.statusCode]).toEqual([201, 201]);
    expect(bobs.json().id).not.toBe(alices.json().id);
    expect((await tradesOf(ALICE)).map((trade) => trade.id)).toEqual([alices.json().id]);
    expect((await tradesOf(BOB)).map((trade) => trade.id)).toEqual([bobs.json().id]);
  });

  it('without a key, each save logs a trade of its own, as before', async () => {
    await post(undefined);
    await post(undefined);
    expect(await tradesOnTheDay()).toBe(2);
  });

  it.each([
    ['too short', 'abc123'],
    ['of other characters', 'key with spaces and ünicode!'],
    ['too long', 'k'.repeat(129)],
  ])('a key %s is 400 naming the header, and nothing is logged', async (_name, key) => {
    const response = await post(key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      issues: [{ path: [IDEMPOTENCY_KEY_HEADER], message: 'מפתח השמירה אינו תקין' }],
    });
    expect(await tradesOf()).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: { [IDEMPOTENCY_KEY_HEADER]: KEY },
      payload: eurusd,
    });
    expect(response.statusCode).toBe(401);
  });
});
