import { AppError, badRequest, conflict, ruleBroken } from '@yoman/platform';
import { TradeError } from './domain-error';

/** The one place a trade domain error becomes an HTTP answer; anything else passes through unchanged. */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof TradeError)) return error;
  switch (error.kind) {
    case 'invalid_input':
      return badRequest(
        error.code,
        error.message,
        error.field ? [{ path: [error.field], message: error.message }] : undefined,
      );
    case 'rule_broken':
      return ruleBroken(error.code, error.message);
    case 'locked':
    case 'conflict':
      return conflict(error.code, error.message);
    case 'not_found':
      return new AppError(404, error.code, error.message);
    default: {
      const unknown: never = error.kind;
      return new AppError(400, 'BAD_REQUEST', String(unknown));
    }
  }
}

/** Runs domain code and rethrows its TradeError as the matching AppError. */
export function answeringErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw toAppError(error);
  }
}
