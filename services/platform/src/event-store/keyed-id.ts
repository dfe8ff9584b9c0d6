import { createHash } from 'node:crypto';

/**
 * The id of what a request creates under an idempotency key: the same purpose and parts (a student and their
 * key) always give the same id, so a request sent again meets the stream the first one wrote and cannot create
 * a second. A UUID of version 8 (RFC 9562) cut from the SHA-256 of the parts, each after its length, so no two
 * lists of parts give one id and no key one caller sends can name what another created.
 */
export function idFromKey(purpose: string, ...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of [`yoman ${purpose}`, ...parts]) hash.update(`${part.length}:${part}`);
  const bytes = hash.digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** The SHA-256 of a request's validated body, stored with its events for a repeated request to match. */
export const requestDigestOf = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');
