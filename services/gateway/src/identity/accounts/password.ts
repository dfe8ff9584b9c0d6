import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane).

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password);

// Verified against when the e-mail is unknown, so a wrong address costs as long as a wrong password.
const decoyHash = hash('decoy password that matches nobody');

/** Whether `password` matches the stored hash; a missing hash still costs one verification. */
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await verify(await decoyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
