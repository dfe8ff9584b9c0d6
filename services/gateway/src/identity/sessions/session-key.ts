import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SESSION_KEY_FILE = 'session.key';
const HEX_KEY = /^[0-9a-f]{64}$/;

/**
 * The embedded install's session secret: read from `<dataDir>/session.key`, or generated and saved there
 * (mode 0600) so a restart keeps everyone signed in. An in-memory install gets a fresh one each start.
 */
export function resolveSessionSecret(dataDir: string): string {
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = join(dataDir, SESSION_KEY_FILE);
  const existing = readExisting(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  // `wx` refuses to overwrite: if another process won the race, its key is the one to use.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    const raced = readExisting(file);
    if (raced) return raced;
    throw error;
  }
}

function readExisting(file: string): string | undefined {
  try {
    const content = readFileSync(file, 'utf8').trim().toLowerCase();
    return HEX_KEY.test(content) ? content : undefined;
  } catch {
    return undefined;
  }
}
