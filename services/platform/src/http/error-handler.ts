import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../domain-error';
import { AppError, type ErrorIssue } from './errors';

/** The JSON body of every error answer. */
export interface ErrorBody {
  message: string;
  code: string;
  issues?: ErrorIssue[];
}

export const INTERNAL_ERROR: ErrorBody = { message: 'אירעה שגיאה בשרת', code: 'INTERNAL' };
export const VALIDATION_FAILED_MESSAGE = 'הנתונים שנשלחו אינם תקינים';

/** Client errors Fastify itself raises (parsing, limits), in the house shape. */
const FRAMEWORK_ERRORS: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'גוף הבקשה גדול מדי', code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'סוג התוכן של הבקשה אינו נתמך', code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'גוף הבקשה אינו JSON תקין', code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'גוף הבקשה ריק', code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'אורך גוף הבקשה שגוי', code: 'BAD_REQUEST' },
  FST_ERR_BAD_URL: { message: 'כתובת הבקשה אינה תקינה', code: 'BAD_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'כתובת הבקשה ארוכה מדי', code: 'URI_TOO_LONG' },
};

const BY_STATUS: Record<number, ErrorBody> = {
  400: { message: 'הבקשה אינה תקינה', code: 'BAD_REQUEST' },
  401: { message: 'נדרשת התחברות', code: 'UNAUTHENTICATED' },
  403: { message: 'אין לך הרשאה לפעולה זו', code: 'FORBIDDEN' },
  404: { message: 'הנתיב המבוקש לא נמצא', code: 'NOT_FOUND' },
  405: { message: 'הפעולה אינה נתמכת בנתיב זה', code: 'METHOD_NOT_ALLOWED' },
  406: { message: 'אין תשובה בפורמט המבוקש', code: 'NOT_ACCEPTABLE' },
  413: FRAMEWORK_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE,
  414: FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH,
  415: FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE,
  429: { message: 'יותר מדי ניסיונות. נסו שוב מאוחר יותר', code: 'TOO_MANY_REQUESTS' },
};

/** The one place a domain refusal gets its HTTP status. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
  locked: 409,
  conflict: 409,
  rule_broken: 422,
};

function domainAnswer(error: DomainError): { status: number; body: ErrorBody } {
  const body: ErrorBody = { message: error.message, code: error.code };
  // Bad input names its field the way a schema failure does, so the client marks the same field.
  if (error.kind === 'invalid_input' && error.field) {
    body.issues = [{ path: [error.field], message: error.message }];
  }
  return { status: STATUS_OF_KIND[error.kind], body };
}

/** Zod issues as `{ path, message }`, paths as arrays with list indexes as numbers. */
function issuesOf(validation: { instancePath: string; message?: string }[]): ErrorIssue[] {
  return validation.map((issue) => ({
    path: issue.instancePath
      .split('/')
      .slice(1)
      .filter((part) => part !== '')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message: issue.message ?? VALIDATION_FAILED_MESSAGE,
  }));
}

/** Status and body for any error, so that a client can never cause a 500 by what it sends. */
export function errorAnswer(error: unknown): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.issues) body.issues = error.issues;
    return { status: error.statusCode, body, headers: error.headers };
  }
  if (error instanceof DomainError) return domainAnswer(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: {
        message: VALIDATION_FAILED_MESSAGE,
        code: 'VALIDATION_FAILED',
        issues: issuesOf(error.validation),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = (fastifyError.code && FRAMEWORK_ERRORS[fastifyError.code]) || BY_STATUS[status];
    return { status, body: known ?? { ...BY_STATUS[400], code: 'CLIENT_ERROR' } };
  }
  return { status: 500, body: INTERNAL_ERROR };
}

/** What a stream reports when the other end went away: the answer's own, or a proxied service's body. */
const CONNECTION_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'UND_ERR_ABORTED',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * The client closed its connection before the answer went out (a phone put away mid-save, a tab closed), and
 * the error is only the answer's stream ending early: no fault of the server, and no one to read it. A fault
 * that happens while the client is gone is still a fault, and is logged as one.
 */
function clientLeft(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const gone = reply.raw.destroyed || request.raw.socket?.destroyed === true;
  return gone && typeof code === 'string' && CONNECTION_GONE_CODES.has(code);
}

/** The one error handler: 4xx carry a safe Hebrew message and a stable code; 5xx are logged and generic. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = errorAnswer(error);
  if (clientLeft(error, request, reply))
    request.log.info({ err: error }, 'the client left before its answer was sent');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, code: body.code }, 'request refused');
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The answer to a method a path does not serve (sent with an `Allow` header). */
export const METHOD_NOT_ALLOWED: ErrorBody = BY_STATUS[405] as ErrorBody;

/** JSON 404 for paths no route serves. */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(BY_STATUS[404]);
}
