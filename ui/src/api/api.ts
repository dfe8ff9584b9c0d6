import { createApi } from '@reduxjs/toolkit/query/react';
// Types only: importing the contracts' zod schemas at run time would pull zod into the first paint.
import type { LoginBody, RegisterBody, UpdateUserSettingsBody, User, UserSettings } from '@yoman/contracts';
import { yomanBaseQuery } from './baseQuery';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency';

export const TAG_TYPES = [
  'User',
  'Settings',
  'Trades',
  'DailyAggregates',
  'Dashboard',
  'Analytics',
  'Setups',
  'Leagues',
  'Notifications',
  'Mentor',
  'Economic',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** A registration, with the key every try of it sends (ui/src/api/idempotency.ts). */
export type RegisterArgs = { body: RegisterBody; idempotencyKey?: string };

// After a login, logout or registration every cached answer belongs to another person.
const PER_USER_TAGS = TAG_TYPES.filter((tag) => tag !== 'User');

/**
 * The one RTK Query api of the app. The shell mounts its reducer and middleware; each remote adds its
 * endpoints with `api.injectEndpoints`. Data never goes stale on its own and nothing refetches on focus.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: yomanBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: Number.POSITIVE_INFINITY,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: (build) => ({
    /** The signed-in user, or null when the session answers 401. */
    getUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/user');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as User };
      },
      providesTags: ['User'],
    }),
    login: build.mutation<User, LoginBody>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/login', method: 'POST', body });
        if (result.error) return { error: result.error };
        const user = result.data as User;
        dispatch(sessionIs(user));
        return { data: user };
      },
      invalidatesTags: (_result, error) => (error ? [] : PER_USER_TAGS),
    }),
    register: build.mutation<User, RegisterArgs>({
      async queryFn({ body, idempotencyKey }, { dispatch }, _extra, baseQuery) {
        const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
        const result = await baseQuery({ url: '/api/register', method: 'POST', body, headers });
        if (result.error) return { error: result.error };
        const user = result.data as User;
        dispatch(sessionIs(user));
        return { data: user };
      },
      invalidatesTags: (_result, error) => (error ? [] : PER_USER_TAGS),
    }),
    /** Ends the session; the answer is not read (spec §7). */
    logout: build.mutation<null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/logout', method: 'POST' });
        if (result.error) return { error: result.error };
        dispatch(sessionIs(null));
        return { data: null };
      },
      invalidatesTags: (_result, error) => (error ? [] : PER_USER_TAGS),
    }),
    getUserSettings: build.query<UserSettings, void>({
      query: () => '/api/user-settings',
      providesTags: ['Settings'],
    }),
    /** Saves one section; the answer replaces the cached settings, and a profile change renames the user. */
    updateUserSettings: build.mutation<UserSettings, UpdateUserSettingsBody>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/user-settings', method: 'PUT', body });
        if (result.error) return { error: result.error };
        const settings = result.data as UserSettings;
        dispatch(
          api.util.upsertQueryEntries([{ endpointName: 'getUserSettings', arg: undefined, value: settings }]),
        );
        return { data: settings };
      },
      invalidatesTags: (_result, error, body) => (!error && 'profile' in body ? ['User'] : []),
    }),
    disconnectDevice: build.mutation<null, string>({
      query: (id) => ({ url: `/api/auth/devices/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error) => (error ? [] : ['Settings']),
    }),
    getProfileUploadUrl: build.mutation<{ uploadURL: string }, void>({
      query: () => ({ url: '/api/profile/upload-url', method: 'POST' }),
    }),
    setProfileImage: build.mutation<User, { imageURL: string }>({
      query: (body) => ({ url: '/api/profile/image', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['User', 'Settings']),
    }),
  }),
});

export const {
  useGetUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetUserSettingsQuery,
  useUpdateUserSettingsMutation,
  useDisconnectDeviceMutation,
  useGetProfileUploadUrlMutation,
  useSetProfileImageMutation,
} = api;

// Written synchronously before the mutation resolves, so a redirect right after login already sees the user.
function sessionIs(user: User | null) {
  return api.util.upsertQueryEntries([{ endpointName: 'getUser', arg: undefined, value: user }]);
}
