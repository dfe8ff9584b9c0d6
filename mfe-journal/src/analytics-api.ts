import type { Analytics, DashboardStats, Setup, SetupInput, SetupList } from '@yoman/contracts';
import { answerOf, api, failedTo } from '@yoman/ui';

/** The thrown messages of spec §8 for the dashboard, analytics and setups calls. */
export const ANALYTICS_ERRORS = {
  dashboard: 'Failed to fetch dashboard stats',
  analytics: 'Failed to fetch analytics',
  setups: 'Failed to fetch setups',
  createSetup: 'Failed to create setup',
  updateSetup: 'Failed to update setup',
  archiveSetup: 'Failed to archive setup',
  restoreSetup: 'Failed to restore setup',
} as const;

/** A period of GET /api/analytics: ISO days, both optional (all time by default). */
export type AnalyticsPeriod = { from?: string; to?: string };

const definedOnly = (period: AnalyticsPeriod) =>
  Object.fromEntries(Object.entries(period).filter(([, value]) => value !== undefined && value !== ''));

const setupPath = (id: string) => `/api/setups/${encodeURIComponent(id)}`;

// A setup change moves its own card and the dashboard's best setup.
const SETUP_CHANGES = ['Setups', 'Dashboard', 'Analytics'] as const;

/** The dashboard, analytics and setups calls (spec §7), injected into the one RTK Query api. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, { month?: string }>({
      query: (args) => ({
        url: '/api/dashboard-stats',
        params: args.month ? { month: args.month } : undefined,
      }),
      transformResponse: answerOf('DashboardStats'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.dashboard),
      providesTags: ['Dashboard'],
    }),
    getAnalytics: build.query<Analytics, AnalyticsPeriod>({
      query: (period) => ({ url: '/api/analytics', params: definedOnly(period) }),
      transformResponse: answerOf('Analytics'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.analytics),
      providesTags: ['Analytics'],
    }),
    listSetups: build.query<SetupList, void>({
      query: () => '/api/setups',
      transformResponse: answerOf('SetupList'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.setups),
      providesTags: ['Setups'],
    }),
    createSetup: build.mutation<Setup, SetupInput>({
      query: (body) => ({ url: '/api/setups', method: 'POST', body }),
      transformResponse: answerOf('Setup'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.createSetup),
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_CHANGES]),
    }),
    updateSetup: build.mutation<Setup, { id: string; body: SetupInput }>({
      query: ({ id, body }) => ({ url: setupPath(id), method: 'PUT', body }),
      transformResponse: answerOf('Setup'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.updateSetup),
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_CHANGES]),
    }),
    archiveSetup: build.mutation<Setup, string>({
      query: (id) => ({ url: `${setupPath(id)}/archive`, method: 'POST' }),
      transformResponse: answerOf('Setup'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.archiveSetup),
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_CHANGES]),
    }),
    restoreSetup: build.mutation<Setup, string>({
      query: (id) => ({ url: `${setupPath(id)}/restore`, method: 'POST' }),
      transformResponse: answerOf('Setup'),
      transformErrorResponse: failedTo(ANALYTICS_ERRORS.restoreSetup),
      invalidatesTags: (_result, error) => (error ? [] : [...SETUP_CHANGES]),
    }),
  }),
});

export const {
  useGetDashboardStatsQuery,
  useGetAnalyticsQuery,
  useListSetupsQuery,
  useCreateSetupMutation,
  useUpdateSetupMutation,
  useArchiveSetupMutation,
  useRestoreSetupMutation,
} = analyticsApi;
