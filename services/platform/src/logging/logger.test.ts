import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { capturedLogs } from '../testing/captured-logs';
import { REDACTED_PATHS, requestIdOf } from './logger';

function requestWith(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('request ids', () => {
  it('keeps a sane x-request-id from the caller', () => {
    expect(requestIdOf(requestWith({ 'x-request-id': 'abc-123.4' }))).toBe('abc-123.4');
  });

  it('replaces a missing or unsafe x-request-id with a uuid', () => {
    const uuid = /^[0-9a-f-]{36}$/;
    expect(requestIdOf(requestWith({}))).toMatch(uuid);
    expect(requestIdOf(requestWith({ 'x-request-id': 'bad id\n{"level":60}' }))).toMatch(uuid);
    expect(requestIdOf(requestWith({ 'x-request-id': 'x'.repeat(500) }))).toMatch(uuid);
  });
});

describe('log redaction', () => {
  it('never writes cookies, authorization headers or passwords', () => {
    const { lines, logger } = capturedLogs({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
    logger.info({
      req: { headers: { cookie: 'session=secret-cookie', authorization: 'Bearer secret-token' } },
      body: { email: 'a@b.c', password: 'secret-password' },
    });
    const written = lines.join('');
    expect(written).not.toMatch(/secret-(cookie|token|password)/);
    expect(written).toContain('a@b.c');
  });
});
