// Installs the workspace's dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone with nothing but Node and npm. Plain ESM: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Yoman needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

/** Runs a command in the repository root, streaming its output; exits with its code when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result;
}

export function ensureInstalled() {
  const installed = join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = join(repoRoot, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci) — first run only…');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}
