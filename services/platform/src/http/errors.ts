/** Issues attached to a 400 answer, one per bad field. */
export interface ErrorIssue {
  path: (string | number)[];
  message: string;
}

/**
 * A failure of the HTTP layer (signed out, too large, too many attempts), with its status, a stable code and a
 * Hebrew message for a person. Domain refusals are `DomainError`s instead; the one error handler answers both
 * as `{ message, code, issues? }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, issues?: ErrorIssue[]) =>
  new AppError(400, code, message, issues);
export const unauthenticated = (message = 'נדרשת התחברות') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'אין לך הרשאה לפעולה זו') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'המשאב המבוקש לא נמצא') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'יותר מדי ניסיונות. נסו שוב מאוחר יותר',
) => new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message = 'השירות אינו זמין כרגע, נסו שוב בעוד רגע') =>
  new AppError(503, 'UNAVAILABLE', message);

/** Optimistic-concurrency failure of an append: someone else changed the stream first. */
export class ConcurrencyError extends AppError {
  constructor(streamId: string) {
    super(409, 'CONCURRENCY_CONFLICT', 'הנתונים השתנו בינתיים. רעננו ונסו שוב');
    this.name = 'ConcurrencyError';
    this.streamId = streamId;
  }
  readonly streamId: string;
}
