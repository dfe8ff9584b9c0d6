import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPath } from './chromium.mjs';

describe('chromiumPath', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const executable = (mode: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'yoman-chromium-'));
    dirs.push(dir);
    const file = join(dir, 'chromium');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, mode);
    return file;
  };

  it('gives the executable the variable names', () => {
    const file = executable(0o755);
    expect(chromiumPath('CHROME_PATH', { CHROME_PATH: file })).toBe(file);
  });

  it('says what to install and which variable to set when there is no browser there', () => {
    expect(() => chromiumPath('CHROMIUM_PATH', { CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(
      /No Chromium at \/nowhere\/chromium\. .*apt-get install -y chromium.*set CHROMIUM_PATH/u,
    );
  });

  it('refuses a file that cannot be run', () => {
    const file = executable(0o644);
    expect(() => chromiumPath('CHROME_PATH', { CHROME_PATH: file })).toThrow(`No Chromium at ${file}`);
  });
});
