import { describe, it } from 'vitest';

/** The variables through which `npm run test:infra` hands its real servers to the tests. */
export const INFRA_VARIABLES = {
  YOMAN_TEST_DATABASE_URL: 'postgres',
  YOMAN_TEST_REDIS_URL: 'redis',
  YOMAN_TEST_KAFKA_BROKERS: 'kafka',
} as const;

export type InfraVariable = keyof typeof INFRA_VARIABLES;
export type InfraServer = (typeof INFRA_VARIABLES)[InfraVariable];

/**
 * Set by `npm run test:infra` to the servers it promises (`postgres,redis` or `postgres,redis,kafka`):
 * under it a test whose server is promised but whose variable is missing fails instead of skipping.
 */
export const INFRA_SUITE_MARKER = 'YOMAN_INFRA_SUITE';

export type InfraDecision =
  | { run: 'yes' }
  | { run: 'skip'; reason: string }
  | { run: 'fail'; reason: string };

/** Whether tests needing `variables` run, skip (named) or fail, in the environment `env`. */
export function infraDecision(
  variables: readonly InfraVariable[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): InfraDecision {
  const missing = variables.filter((variable) => !env[variable]?.trim());
  if (missing.length === 0) return { run: 'yes' };
  const marker = env[INFRA_SUITE_MARKER]?.trim();
  if (!marker) return { run: 'skip', reason: `needs ${missing.join(', ')}: npm run test:infra` };
  const promised = new Set(marker.split(',').map((server) => server.trim()));
  const broken = missing.filter((variable) => promised.has(INFRA_VARIABLES[variable]));
  if (broken.length > 0) {
    return {
      run: 'fail',
      reason: `${broken.join(', ')} is not set although ${INFRA_SUITE_MARKER}=${marker} promises it`,
    };
  }
  // A server this run did not promise (Kafka without --with-kafka): skipped, under its name.
  return { run: 'skip', reason: `needs ${missing.join(', ')}: not started by this run (${marker})` };
}

/**
 * `describe` for tests on real servers: runs when every variable is set; offline (`npm test`) it is
 * skipped with the variables in its title; under `npm run test:infra` a missing one is a failing test.
 */
export function needsInfra(...variables: InfraVariable[]) {
  const decision = infraDecision(variables);
  return {
    describe(title: string, body: () => void): void {
      if (decision.run === 'yes') describe(title, body);
      else if (decision.run === 'skip') describe.skip(`${title} (${decision.reason})`, body);
      else
        describe(title, () => {
          it('has its servers', () => {
            throw new Error(decision.reason);
          });
        });
    },
  };
}
