import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDataDirectory } from './data-dir-lock';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('claiming the embedded data directory', () => {
  it('lets one process in at a time and frees the directory on release', () => {
    const release = claimDataDirectory(dataDir);
    expect(readFileSync(join(dataDir, 'yoman.pid'), 'utf8')).toBe(String(process.pid));
    expect(() => claimDataDirectory(dataDir)).toThrow(/Another Yoman process/);
    release();
    claimDataDirectory(dataDir)();
  });

  it('takes over a claim left by a process that is gone', () => {
    writeFileSync(join(dataDir, 'yoman.pid'), '2147483646');
    const release = claimDataDirectory(dataDir);
    expect(readFileSync(join(dataDir, 'yoman.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('treats a claim naming its own pid as left by an earlier run (a restarted container is pid 1 again)', () => {
    writeFileSync(join(dataDir, 'yoman.pid'), String(process.pid));
    const release = claimDataDirectory(dataDir);
    expect(() => claimDataDirectory(dataDir)).toThrow(/Another Yoman process/);
    release();
  });
});
