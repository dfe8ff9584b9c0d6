import { z } from 'zod';

/** One problem with one field of a request, as listed in a 400 answer. */
export const ErrorIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/** Every non-2xx JSON answer: a Hebrew message for a person and a stable code for a program. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(ErrorIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes shared by the services and the clients. */
export const ERROR_CODES = {
  validationFailed: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  concurrencyConflict: 'CONCURRENCY_CONFLICT',
  tradeLocked: 'TRADE_LOCKED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'UNAVAILABLE',
} as const;

/** Turns a zod error into the issue list of an error body. */
export function errorIssuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
    message: issue.message,
  }));
}

/**
 * Makes zod's built-in messages Hebrew for this process (the schemas' own messages already are). Call once at
 * start-up of a server or an app; it changes zod's global configuration.
 */
export function setHebrewZodMessages(): void {
  z.config(z.locales.he());
}
