// Creating a thing once however often the request is sent (POST /api/trades, POST /api/register;
// contracts/src/fields.ts has the header's schema).

/**
 * Request header naming one intended new trade or account: sent again with the same body, the request answers
 * what that key created instead of creating a second.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
