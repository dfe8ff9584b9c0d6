import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { errorAnswer } from './error-handler';
import { ConcurrencyError } from './errors';

describe('domain refusals as HTTP answers', () => {
  it('answers bad input 400 with an issue naming the field', () => {
    const error = DomainError.invalidInput('EXIT_IN_FUTURE', 'זמן היציאה לא יכול להיות בעתיד', 'exitTime');
    expect(errorAnswer(error)).toEqual({
      status: 400,
      body: {
        message: 'זמן היציאה לא יכול להיות בעתיד',
        code: 'EXIT_IN_FUTURE',
        issues: [{ path: ['exitTime'], message: 'זמן היציאה לא יכול להיות בעתיד' }],
      },
    });
  });

  it('answers bad input without a field 400 with no issues', () => {
    expect(errorAnswer(DomainError.invalidInput('BAD_SYMBOL', 'סימול לא מוכר'))).toEqual({
      status: 400,
      body: { message: 'סימול לא מוכר', code: 'BAD_SYMBOL' },
    });
  });

  it.each([
    ['rule_broken', DomainError.ruleBroken('QUOTE_RATE_UNKNOWN', 'אין שער', 'symbol'), 422],
    ['locked', DomainError.locked('TRADE_LOCKED', 'העסקה נעולה'), 409],
    ['conflict', DomainError.conflict('TRADE_EXISTS', 'העסקה קיימת'), 409],
    ['not_found', DomainError.notFound('TRADE_NOT_FOUND', 'העסקה לא נמצאה'), 404],
    ['forbidden', DomainError.forbidden('NOT_YOUR_STUDENT', 'אין הרשאה'), 403],
  ] as const)('answers a %s refusal with its status, code and message only', (_kind, error, status) => {
    expect(errorAnswer(error)).toEqual({ status, body: { message: error.message, code: error.code } });
  });

  it('keeps a concurrent write a 409', () => {
    expect(errorAnswer(new ConcurrencyError('trade-1')).status).toBe(409);
  });

  it('answers anything else a generic 500', () => {
    expect(errorAnswer(new Error('db down'))).toEqual({
      status: 500,
      body: { message: 'אירעה שגיאה בשרת', code: 'INTERNAL' },
    });
  });
});
