import { describe, expect, it } from 'vitest';
import { infraDecision } from './needs-infra';

const redis = 'redis://127.0.0.1:6379';

describe('a test that needs real servers', () => {
  it('runs when its variables are set', () => {
    expect(infraDecision(['YOMAN_TEST_REDIS_URL'], { YOMAN_TEST_REDIS_URL: redis })).toEqual({ run: 'yes' });
  });

  it('is skipped offline, named by the variables it needs', () => {
    expect(infraDecision(['YOMAN_TEST_DATABASE_URL', 'YOMAN_TEST_REDIS_URL'], {})).toEqual({
      run: 'skip',
      reason: 'needs YOMAN_TEST_DATABASE_URL, YOMAN_TEST_REDIS_URL: npm run test:infra',
    });
  });

  it('fails under npm run test:infra when a promised server’s variable is missing', () => {
    const decision = infraDecision(['YOMAN_TEST_REDIS_URL'], {
      YOMAN_INFRA_SUITE: 'postgres,redis',
      YOMAN_TEST_REDIS_URL: ' ',
    });
    expect(decision).toEqual({
      run: 'fail',
      reason: 'YOMAN_TEST_REDIS_URL is not set although YOMAN_INFRA_SUITE=postgres,redis promises it',
    });
  });

  it('is skipped, named, when the run did not start that server (Kafka without --with-kafka)', () => {
    const decision = infraDecision(['YOMAN_TEST_DATABASE_URL', 'YOMAN_TEST_KAFKA_BROKERS'], {
      YOMAN_INFRA_SUITE: 'postgres,redis',
      YOMAN_TEST_DATABASE_URL: 'postgres://yoman@127.0.0.1/yoman',
    });
    expect(decision).toEqual({
      run: 'skip',
      reason: 'needs YOMAN_TEST_KAFKA_BROKERS: not started by this run (postgres,redis)',
    });
  });
});
