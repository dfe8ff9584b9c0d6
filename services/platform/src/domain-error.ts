/**
 * What kind of rule a command or calculation broke. The HTTP error handler gives each kind one status; domain
 * code names the kind and never a status.
 */
export type DomainErrorKind =
  | 'invalid_input'
  | 'rule_broken'
  | 'locked'
  | 'conflict'
  | 'not_found'
  | 'forbidden';

/**
 * A refusal by the domain: a kind, a stable code and a Hebrew message for a person, with the field at fault
 * when there is one. Deciders and calculations throw it; routes let it pass and jobs treat it as an outcome.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The input cannot be right whatever the state (a bad price, a time in the future); 400 naming the field. */
  static invalidInput(code: string, message: string, field?: string) {
    return new DomainError('invalid_input', code, message, field);
  }

  /** The input is well formed but a rule forbids it (no rate to convert with); 422. */
  static ruleBroken(code: string, message: string, field?: string) {
    return new DomainError('rule_broken', code, message, field);
  }

  /** The thing can no longer change (a trade past its lock window); 409. */
  static locked(code: string, message: string) {
    return new DomainError('locked', code, message);
  }

  /** The state already holds what the command would create (the same id twice); 409. */
  static conflict(code: string, message: string) {
    return new DomainError('conflict', code, message);
  }

  /** There is no such thing for this caller; 404. */
  static notFound(code: string, message: string) {
    return new DomainError('not_found', code, message);
  }

  /** The thing exists but the caller may not do this to it; 403. */
  static forbidden(code: string, message: string) {
    return new DomainError('forbidden', code, message);
  }
}
