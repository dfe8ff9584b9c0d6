import type {
  CalculateTradeInput,
  DailyAggregate,
  ScreenshotUploadLink,
  Trade,
  TradeCalculation,
  TradeDeleted,
  TradeSaveInput,
} from '@yoman/contracts';
import { IDEMPOTENCY_KEY_HEADER, NEXT_CURSOR_HEADER, TRADES_PAGE_SIZE } from '@yoman/contracts/constants';
import { answerOf, api, failedTo } from '@yoman/ui';

/** The thrown messages of spec §8 for the journal's loads. */
export const FETCH_ERRORS = {
  dailyAggregate: 'Failed to fetch daily aggregate',
  dailyAggregates: 'Failed to fetch daily aggregates',
  trades: 'Failed to fetch trades',
} as const;

/** Query parameters of GET /api/trades: a day's range and/or the list's filters. */
export type TradesArgs = Record<string, string>;

/** One page of the trades list and the cursor of the next (null on the last page). */
export type TradesPage = { trades: Trade[]; nextCursor: string | null };

/** A save: an edit of `id`, or a new trade named by `idempotencyKey` so that sending it again logs it once. */
export type SaveTradeArgs = { id?: string; body: TradeSaveInput; idempotencyKey?: string };

const tradeList = answerOf('TradeList');

/** Whether a failed save may have been stored all the same: no answer, a server failure, or a repeat refused. */
export const mayHaveSaved = (error: { status: number | string; code?: string }) =>
  typeof error.status !== 'number' || error.status >= 500 || error.code === 'IDEMPOTENCY_KEY_REUSED';

// A trade change moves the calendar, the drawer, the list, the dashboard, analytics and the setups' figures.
const TRADE_CHANGES = ['Trades', 'DailyAggregates', 'Dashboard', 'Analytics', 'Setups'] as const;

/** The journal's calls (spec §7), injected into the one RTK Query api of @yoman/ui. */
export const journalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDailyAggregates: build.query<DailyAggregate[], { year: number; month: number }>({
      query: ({ year, month }) => ({ url: '/api/daily-aggregates', params: { year, month } }),
      transformResponse: answerOf('DailyAggregateList'),
      transformErrorResponse: failedTo(FETCH_ERRORS.dailyAggregates),
      providesTags: ['DailyAggregates'],
    }),
    getDailyAggregate: build.query<DailyAggregate, string>({
      query: (date) => `/api/daily-aggregates/${encodeURIComponent(date)}`,
      transformResponse: answerOf('DailyAggregate'),
      transformErrorResponse: failedTo(FETCH_ERRORS.dailyAggregate),
      providesTags: ['DailyAggregates'],
    }),
    getTrades: build.query<Trade[], TradesArgs>({
      query: (params) => ({ url: '/api/trades', params }),
      transformResponse: tradeList,
      transformErrorResponse: failedTo(FETCH_ERRORS.trades),
      providesTags: ['Trades'],
    }),
    /** The trades list a page at a time (TRADES_PAGE_SIZE rows), following the server's next-cursor header. */
    getTradePages: build.infiniteQuery<TradesPage, TradesArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/trades',
        params: { ...queryArg, limit: TRADES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: async (raw: unknown, meta): Promise<TradesPage> => ({
        trades: await tradeList(raw),
        nextCursor: meta?.headers.get(NEXT_CURSOR_HEADER) ?? null,
      }),
      transformErrorResponse: failedTo(FETCH_ERRORS.trades),
      providesTags: ['Trades'],
    }),
    calculateTrade: build.mutation<TradeCalculation, CalculateTradeInput>({
      query: (body) => ({ url: '/api/calculate-trade', method: 'POST', body }),
      transformResponse: answerOf('TradeCalculation'),
    }),
    saveTrade: build.mutation<Trade, SaveTradeArgs>({
      query: ({ id, body, idempotencyKey }) =>
        id
          ? { url: `/api/trades/${encodeURIComponent(id)}`, method: 'PUT', body }
          : {
              url: '/api/trades',
              method: 'POST',
              body,
              ...(idempotencyKey && { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
            },
      transformResponse: answerOf('Trade'),
      // A save that failed on the way (a 5xx, no answer) or met an earlier attempt may still have been stored.
      invalidatesTags: (_result, error) => (error && !mayHaveSaved(error) ? [] : [...TRADE_CHANGES]),
    }),
    deleteTrade: build.mutation<TradeDeleted, string>({
      query: (id) => ({ url: `/api/trades/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: answerOf('TradeDeleted'),
      invalidatesTags: (_result, error) => (error ? [] : [...TRADE_CHANGES]),
    }),
    /** A one-time upload target for a screenshot; its screenshotUrl is then saved on the trade. */
    createScreenshotUploadLink: build.mutation<ScreenshotUploadLink, void>({
      query: () => ({ url: '/api/screenshots/upload-url', method: 'POST' }),
      transformResponse: answerOf('ScreenshotUploadLink'),
    }),
    /** Sends the image bytes to the upload target (a raw PUT, like a presigned URL; not JSON). */
    uploadScreenshotFile: build.mutation<null, { uploadURL: string; file: Blob }>({
      async queryFn({ uploadURL, file }) {
        try {
          const response = await fetch(uploadURL, {
            method: 'PUT',
            body: file,
            credentials: 'include',
            headers: { 'Content-Type': file.type || 'application/octet-stream' },
          });
          if (response.ok) return { data: null };
          const text = await response.text();
          return {
            error: { status: response.status, message: `${response.status}: ${text || response.statusText}` },
          };
        } catch (cause) {
          return {
            error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) },
          };
        }
      },
    }),
  }),
});

export const {
  useGetDailyAggregatesQuery,
  useGetDailyAggregateQuery,
  useGetTradesQuery,
  useLazyGetTradesQuery,
  useGetTradePagesInfiniteQuery,
  useCalculateTradeMutation,
  useSaveTradeMutation,
  useDeleteTradeMutation,
  useCreateScreenshotUploadLinkMutation,
  useUploadScreenshotFileMutation,
} = journalApi;
