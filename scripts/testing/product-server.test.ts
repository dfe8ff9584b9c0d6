import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { warningsOf } from './product-server.mjs';

describe('warningsOf, what a failed browser suite prints of the server log', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const logOf = (lines: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'yoman-log-'));
    dirs.push(dir);
    const file = join(dir, 'server.log');
    writeFileSync(file, lines.join('\n'));
    return file;
  };

  it('keeps the lines at warn or above, in order, and the last ones when there are many', () => {
    const info = JSON.stringify({ level: 30, msg: 'request completed' });
    const warn = JSON.stringify({ level: 40, msg: 'the service did not answer' });
    const error = JSON.stringify({ level: 50, msg: 'request failed' });
    const file = logOf([info, warn, 'not json', error, info, '']);
    expect(warningsOf(file)).toEqual([warn, error]);
    expect(warningsOf(file, 1)).toEqual([error]);
  });

  it('answers none for a log that was never written', () => {
    expect(warningsOf(join(tmpdir(), 'no-such-yoman-log', 'server.log'))).toEqual([]);
  });
});
