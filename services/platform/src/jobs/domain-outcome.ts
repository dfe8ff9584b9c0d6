import type { Logger } from 'pino';
import { DomainError } from '../domain-error';
import type { JobHandler } from './types';

/**
 * A job whose command the domain refuses has its answer: a retry would be refused again. The refusal is
 * logged as the job's outcome and the job ends; any other failure is thrown, so it is retried.
 */
export function refusalsAsOutcomes<Payload>(
  name: string,
  handler: JobHandler<Payload>,
  logger: Logger,
): JobHandler<Payload> {
  return async (payload, context) => {
    try {
      await handler(payload, context);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const { kind, code } = error;
      logger.warn({ job: name, jobId: context.jobId, kind, code }, 'the domain refused the job; not retried');
    }
  };
}
