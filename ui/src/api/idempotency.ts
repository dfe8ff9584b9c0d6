// Idempotency keys for the calls that create something (POST /api/trades, POST /api/register): every try of
// one intended new trade or account sends the same key, so a try whose answer was lost, or was a 503 after the
// write was stored, cannot create it twice (docs/decisions.md).

/**
 * The header the key travels in: contracts' IDEMPOTENCY_KEY_HEADER, spelled here so that /auth's first paint
 * does not carry the contracts' constants for one string (idempotency.test.ts checks the two agree).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 32 random hex digits (crypto.getRandomValues, which a page served over plain http has too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
