import { configureStore } from '@reduxjs/toolkit';
import { api } from '@yoman/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './calendar/test-app';
import { FETCH_ERRORS, journalApi } from './journal-api';

function store() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('journal calls', () => {
  it('say which load failed in the words of spec §8, keeping the status and the server message', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'תקלה בשרת', code: 'INTERNAL' } }));
    const s = store();
    const trades = await s.dispatch(journalApi.endpoints.getTrades.initiate({ session: 'london' }));
    expect(trades.error).toMatchObject({
      message: FETCH_ERRORS.trades,
      status: 500,
      serverMessage: 'תקלה בשרת',
    });
    const month = await s.dispatch(
      journalApi.endpoints.getDailyAggregates.initiate({ year: 2026, month: 11 }),
    );
    expect(month.error).toMatchObject({ message: 'Failed to fetch daily aggregates' });
    const day = await s.dispatch(journalApi.endpoints.getDailyAggregate.initiate('2026-11-22'));
    expect(day.error).toMatchObject({ message: 'Failed to fetch daily aggregate' });
  });

  it('sends the filters as query parameters and the year and month of the calendar', async () => {
    const requests = fakeApi(() => ({ status: 200, body: [] }));
    const s = store();
    await s.dispatch(journalApi.endpoints.getTrades.initiate({ session: 'asia', trust: 'low' }));
    await s.dispatch(journalApi.endpoints.getDailyAggregates.initiate({ year: 2026, month: 2 }));
    expect(requests.map((r) => `${r.path}?${r.query}`)).toEqual([
      '/api/trades?session=asia&trust=low',
      '/api/daily-aggregates?year=2026&month=2',
    ]);
  });

  it('outside production, refuses an answer that does not match the contract (answerOf), so a drift fails the tests', async () => {
    fakeApi(() => ({ status: 200, body: [{ date: '2026-11-22', netR: 'lots' }] }));
    // RTK Query reports the failed parse on the console; the assertion is on the result.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await store().dispatch(
      journalApi.endpoints.getDailyAggregates.initiate({ year: 2026, month: 11 }),
    );
    expect(result.isError).toBe(true);
  });
});

describe('a new trade whose save failed', () => {
  it.each([
    ['answered 503', 503, 'UNAVAILABLE', 2],
    ['refused as a repeat of a stored save', 422, 'IDEMPOTENCY_KEY_REUSED', 2],
    ['refused for its values', 422, 'RATE_UNAVAILABLE', 1],
    ['refused as invalid', 400, 'VALIDATION_FAILED', 1],
  ])(
    '%s: the calendar is read again only when the trade may be stored',
    async (_name, status, code, reads) => {
      const requests = fakeApi(({ method, path }) =>
        method === 'POST' && path === '/api/trades'
          ? { status, body: { message: 'לא נשמר', code } }
          : { status: 200, body: [] },
      );
      const s = store();
      const month = s.dispatch(journalApi.endpoints.getDailyAggregates.initiate({ year: 2026, month: 11 }));
      await month;
      const body = { symbol: 'BTCUSDT' } as never;
      await s.dispatch(journalApi.endpoints.saveTrade.initiate({ body, idempotencyKey: 'k'.repeat(32) }));
      await vi.waitFor(() => {
        const calendarReads = requests.filter((r) => r.path === '/api/daily-aggregates');
        expect(calendarReads).toHaveLength(reads);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.filter((r) => r.path === '/api/daily-aggregates')).toHaveLength(reads);
      month.unsubscribe();
    },
  );
});
