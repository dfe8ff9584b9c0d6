/** What kind of rule a trade command or calculation broke; the routes map each kind to one HTTP status. */
export type TradeErrorKind = 'invalid_input' | 'rule_broken' | 'locked' | 'not_found' | 'conflict';

/**
 * A failure the trade domain reports with a stable code and a Hebrew message for a person. Domain code stays
 * free of HTTP; `toAppError` in the routes turns it into the platform's error answer.
 */
export class TradeError extends Error {
  constructor(
    readonly kind: TradeErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'TradeError';
  }
}

export const invalidInput = (code: string, message: string, field?: string) =>
  new TradeError('invalid_input', code, message, field);
export const ruleBroken = (code: string, message: string, field?: string) =>
  new TradeError('rule_broken', code, message, field);
