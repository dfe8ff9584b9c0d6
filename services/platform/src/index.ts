export {
  allConfigVariables,
  type Config,
  ConfigError,
  type Env,
  IN_MEMORY_DATA_DIR,
  type LogLevel,
  loadConfig,
  platformVariables,
} from './config/config';
export {
  defineModuleConfig,
  type ModuleConfigSpec,
  readVariable,
  type SettingsOf,
  type VariableSpec,
  type VariableSpecs,
} from './config/variables';
export { createPlatform, type PlatformOptions, type RunningPlatform, systemClock } from './create-platform';
export { createDatabase, ensureSchema, isUniqueViolation } from './db/database';
export { MIGRATIONS_TABLE, runMigrations } from './db/migrations';
export { prepared } from './db/prepared';
export { DomainError, type DomainErrorKind } from './domain-error';
export {
  createKafkaEventBus,
  type KafkaEventBus,
  type KafkaEventBusOptions,
} from './event-bus/kafka-event-bus';
export {
  createOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
  relayLockKey,
} from './event-bus/outbox-relay';
export { moduleOfEventType, moduleTopic, partitionOf, TOPIC_PREFIX, topicForEvent } from './event-bus/topics';
export type { EventBatch, EventBus, EventBusHandler, EventBusSubscription } from './event-bus/types';
export { PROCESS_ROLES, type ProcessRole } from './event-delivery';
export { type Command, commandHandler, type Decider } from './event-store/command';
export { type CommandOptions, type CommandResult, handleCommand } from './event-store/command-handler';
export { idFromKey, requestDigestOf } from './event-store/keyed-id';
export { APPEND_LOCK_KEY, createEventStore } from './event-store/postgres-event-store';
export type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from './event-store/types';
export { authenticated, requireCaller } from './http/caller';
export { type ErrorBody, errorAnswer, INTERNAL_ERROR, VALIDATION_FAILED_MESSAGE } from './http/error-handler';
export { ERROR_BODY_JSON_SCHEMA, errorStatusesOf } from './http/error-statuses';
export {
  AppError,
  badRequest,
  ConcurrencyError,
  conflict,
  type ErrorIssue,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthenticated,
  unavailable,
} from './http/errors';
export { createHttpApp, type HttpAppOptions, OPENAPI_PATH } from './http/http-app';
export {
  CALLER_HEADER,
  CALLER_LIFETIME_SECONDS,
  type InternalCallerOptions,
  internalCallerPlugin,
  internalCallerRequired,
  signCaller,
  verifyCaller,
} from './http/internal-caller';
export {
  accessTableOf,
  checkRouteAccess,
  type DeclaredRoute,
  type RouteAccess,
  UndeclaredRouteError,
} from './http/route-access';
export { isSameOrigin } from './http/same-origin';
export type { Caller } from './identity';
export { type BullmqJobsOptions, bullmqJobId, createBullmqJobs } from './jobs/bullmq-jobs';
export { dropJobsQueue } from './jobs/drop-jobs-queue';
export { createEmbeddedJobs, retryDelayMs } from './jobs/embedded-jobs';
export { recurringJobsMigration } from './jobs/migration';
export { cuttableRelay } from './jobs/redis-relay';
export type {
  JobContext,
  JobHandler,
  JobRequest,
  Jobs,
  RecurringJobRequest,
  ScheduledJob,
} from './jobs/types';
export { createLogger, REDACTED_PATHS, requestIdOf } from './logging/logger';
export type { Migration, YomanModule } from './module';
export type { Clock, Platform } from './platform';
export { platformModule } from './platform-module';
export { RoleArgumentError, roleFromArgv } from './process/process-role';
export {
  type ProcessStart,
  type RunServiceOptions,
  runProcess,
  runServiceProcess,
} from './process/run-process';
export {
  buildProcess,
  buildServiceProcess,
  createProbeApp,
  createServiceApp,
  internalSecretOf,
  type ProcessOptions,
  type ServiceAppOptions,
  type ServiceProcess,
  type ServiceProcessOptions,
  servesApi,
} from './process/service-app';
export { afterOutermostTransaction } from './projections/after-commit';
export { type BatchedProjectionOptions, batchedProjection } from './projections/batched-projection';
export {
  countProjectionFailures,
  listProjectionFailures,
  type ProjectionFailure,
  type ProjectionFailureCount,
} from './projections/projection-failures';
export {
  createProjectionRunner,
  type EmbeddedProjectionRunner,
  type ProjectionReplay,
} from './projections/projection-runner';
export { type Projection, type ProjectionRunner, UnreadableEventError } from './projections/types';
export {
  type ChangedScopes,
  createReadCache,
  organisationScope,
  type ReadCache,
  readCacheable,
  readCachesListening,
  readModelChanged,
  userScope,
  usersChanged,
} from './read-cache/read-cache';
export { defineService, entryOf, portOf, rolesOf, type ServiceDefinition } from './service';
export { closeGracefully } from './shutdown';
