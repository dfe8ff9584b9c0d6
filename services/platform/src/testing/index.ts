export { arbitraryFor, fieldsOf } from './body-arbitrary';
export { capturedLogs, type LogEntry, postAndLeave } from './captured-logs';
export { deciderSpecification } from './decider-specification';
export { type FuzzRouteOptions, fuzzRoute } from './fuzz-route';
export { headerCaller } from './header-caller';
export { listenOnLoopback } from './listen-once';
export {
  INFRA_SUITE_MARKER,
  INFRA_VARIABLES,
  type InfraDecision,
  type InfraVariable,
  infraDecision,
  needsInfra,
} from './needs-infra';
export { resetDatabase } from './reset-database';
export { createTestApp, type TestApp, type TestAppOptions } from './test-app';
export { createTestClock, type TestClock } from './test-clock';
export { testConfig } from './test-config';
export { createTestPlatform } from './test-platform';
