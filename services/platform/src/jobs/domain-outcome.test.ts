import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { refusalsAsOutcomes } from './domain-outcome';
import type { JobContext } from './types';

const context = { jobId: 'lock:t1', now: new Date(), attempt: 1 } as JobContext;

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('a job the domain refuses', () => {
  it('ends as a logged outcome instead of a failure to retry', async () => {
    const { logger, lines } = recordingLogger();
    const job = refusalsAsOutcomes(
      'trade.lock',
      async () => {
        throw DomainError.locked('TRADE_LOCKED', 'העסקה נעולה');
      },
      logger,
    );
    await expect(job({}, context)).resolves.toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({ job: 'trade.lock', jobId: 'lock:t1', kind: 'locked', code: 'TRADE_LOCKED' }),
    ]);
  });

  it('still fails on anything else, so the scheduler retries it', async () => {
    const { logger } = recordingLogger();
    const job = refusalsAsOutcomes(
      'trade.lock',
      async () => {
        throw new Error('database away');
      },
      logger,
    );
    await expect(job({}, context)).rejects.toThrow('database away');
  });
});
