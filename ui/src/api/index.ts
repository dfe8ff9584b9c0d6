export type { RegisterArgs, TagType } from './api';
export {
  api,
  TAG_TYPES,
  useDisconnectDeviceMutation,
  useGetProfileUploadUrlMutation,
  useGetUserQuery,
  useGetUserSettingsQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useSetProfileImageMutation,
  useUpdateUserSettingsMutation,
} from './api';
export type { YomanError, YomanMeta, YomanRequest } from './baseQuery';
export { errorMessageOf, failedTo, isYomanError, yomanBaseQuery } from './baseQuery';
export type { AnswerContract, AnswerOf } from './contractAnswer';
export { answerOf } from './contractAnswer';
export { newIdempotencyKey } from './idempotency';
