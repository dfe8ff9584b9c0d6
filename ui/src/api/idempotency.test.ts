import { IDEMPOTENCY_KEY_HEADER as CONTRACT_HEADER, IdempotencyKey } from '@yoman/contracts';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('travel in the header the contracts name', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(CONTRACT_HEADER);
  });

  it('are keys the server accepts, a new one each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(IdempotencyKey.safeParse(key).success).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
