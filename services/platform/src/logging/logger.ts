import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Logger, pino } from 'pino';
import type { LogLevel } from '../config/config';

/** Log paths that may carry secrets; pino replaces their values before a line is written. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'currentPassword',
  'newPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.*.password',
];

/** The process logger: JSON lines through pino, secrets redacted. */
export function createLogger(options: { level: LogLevel; name?: string }): Logger {
  return pino({
    name: options.name ?? 'yoman',
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  });
}

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A request's id: the caller's `x-request-id` when it is a sane token, else a new uuid. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && SAFE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}
