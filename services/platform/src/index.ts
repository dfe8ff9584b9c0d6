export {
  CONFIG_VARIABLES,
  type Config,
  ConfigError,
  type ConfigVariable,
  DEFAULT_FRONT_END_DIR,
  IN_MEMORY_DATA_DIR,
  type LogLevel,
  loadConfig,
} from './config/config';
export { createPlatform, type PlatformOptions, type RunningPlatform, systemClock } from './create-platform';
export { createDatabase, isUniqueViolation } from './db/database';
export { MIGRATIONS_TABLE, runMigrations } from './db/migrations';
export {
  createKafkaEventBus,
  type KafkaEventBus,
  type KafkaEventBusOptions,
} from './event-bus/kafka-event-bus';
export { moduleTopic, TOPIC_PREFIX, topicForEvent } from './event-bus/topics';
export type { EventBus, EventBusHandler, EventBusSubscription } from './event-bus/types';
export { type CommandOptions, type CommandResult, handleCommand } from './event-store/command-handler';
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
export {
  AppError,
  badRequest,
  ConcurrencyError,
  conflict,
  type ErrorIssue,
  forbidden,
  notFound,
  payloadTooLarge,
  ruleBroken,
  tooManyRequests,
  unauthenticated,
  unavailable,
} from './http/errors';
export { createHttpApp, type HttpAppOptions, OPENAPI_PATH } from './http/http-app';
export { isSameOrigin } from './http/same-origin';
export type { Caller } from './identity';
export { type BullmqJobsOptions, bullmqJobId, createBullmqJobs } from './jobs/bullmq-jobs';
export { createEmbeddedJobs, retryDelayMs } from './jobs/embedded-jobs';
export type { JobContext, JobHandler, JobRequest, Jobs, ScheduledJob } from './jobs/types';
export { createLogger, REDACTED_PATHS, requestIdOf } from './logging/logger';
export type { Migration, YomanModule } from './module';
export type { Clock, Platform } from './platform';
export { platformModule } from './platform-module';
export {
  createProjectionRunner,
  type EmbeddedProjectionRunner,
  type ProjectionReplay,
} from './projections/projection-runner';
export type { Projection, ProjectionRunner } from './projections/types';
export { closeGracefully } from './shutdown';
