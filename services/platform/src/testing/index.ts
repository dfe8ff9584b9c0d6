export { arbitraryFor, fieldsOf } from './body-arbitrary';
export { deciderSpecification } from './decider-specification';
export { type FuzzRouteOptions, fuzzRoute } from './fuzz-route';
export { resetDatabase } from './reset-database';
export { createTestApp, type TestApp, type TestAppOptions } from './test-app';
export { createTestClock, type TestClock } from './test-clock';
export { testConfig } from './test-config';
export { createTestPlatform } from './test-platform';
