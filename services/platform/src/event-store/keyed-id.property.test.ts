// Property: the id a request creates under an idempotency key is a UUID (version 8), the same for the same purpose
// and parts, and different when any differs, so a key can only ever meet what its own sender created.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idFromKey } from './keyed-id';

const keys = fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/);
const users = fc.string({ minLength: 1, maxLength: 40 });
const purposes = fc.constantFrom('trade', 'registration');

describe('idFromKey', () => {
  it('given a purpose and parts, when drawn twice, then both are the same version-8 UUID', () => {
    fc.assert(
      fc.property(purposes, users, keys, (purpose, user, key) => {
        const id = idFromKey(purpose, user, key);
        expect(z.uuid().safeParse(id).success).toBe(true);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(idFromKey(purpose, user, key)).toBe(id);
      }),
    );
  });

  it('given two students, keys or purposes, when any differs, then the ids differ', () => {
    fc.assert(
      fc.property(
        purposes,
        purposes,
        users,
        users,
        keys,
        keys,
        (purpose, otherPurpose, user, otherUser, key, otherKey) => {
          fc.pre(purpose !== otherPurpose || user !== otherUser || key !== otherKey);
          expect(idFromKey(purpose, user, key)).not.toBe(idFromKey(otherPurpose, otherUser, otherKey));
        },
      ),
    );
  });

  it('given parts that end where the next begins, then joining them cannot make two lists one', () => {
    expect(idFromKey('trade', 'alice', 'x'.repeat(17))).not.toBe(
      idFromKey('trade', 'alicex', 'x'.repeat(16)),
    );
    expect(idFromKey('trade', 'a', 'b')).not.toBe(idFromKey('trade', 'a\0b'));
  });
});
