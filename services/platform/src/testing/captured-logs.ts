import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LoggerOptions, pino } from 'pino';

/** One parsed pino line. */
export interface LogEntry {
  level: number;
  msg?: string;
  requestId?: string;
  [field: string]: unknown;
}

/** A pino logger whose JSON lines stay in memory, for tests that check what a process logged. */
export function capturedLogs(options: LoggerOptions = { level: 'info' }) {
  const lines: string[] = [];
  const logger = pino(
    options,
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  /** The lines logged so far, parsed. */
  const entries = (): LogEntry[] => lines.map((line) => JSON.parse(line) as LogEntry);
  return {
    logger,
    lines,
    entries,
    /** The lines of the request with this `x-request-id`. */
    ofRequest: (requestId: string) => entries().filter((entry) => entry.requestId === requestId),
  };
}

/**
 * A client that leaves: POSTs `body` to `path` on the server at `address` (http://127.0.0.1:port), closes its
 * connection `leaveAfterMs` later without waiting for the answer, and resolves `settleMs` after that. With
 * `sentBytes`, it announces the whole body's length but sends only that many bytes of it before leaving.
 */
export async function postAndLeave(
  address: string,
  path: string,
  options: {
    headers: Record<string, string>;
    body: string;
    leaveAfterMs: number;
    settleMs: number;
    sentBytes?: number;
  },
): Promise<void> {
  const body = Buffer.from(options.body);
  const client = httpRequest({
    host: '127.0.0.1',
    port: new URL(address).port,
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      ...options.headers,
    },
  });
  client.on('error', () => {});
  if (options.sentBytes === undefined) client.end(body);
  else client.write(body.subarray(0, options.sentBytes));
  await sleep(options.leaveAfterMs);
  client.destroy();
  await sleep(options.settleMs);
}
