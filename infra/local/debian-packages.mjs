import { spawnSync } from 'node:child_process';

// apt's package lists are refreshed at most once per process: a second install needs no second download.
let listsRefreshed = false;

/** Runs one apt-get command, waiting for another session's dpkg lock instead of failing on it. */
function aptGet(args) {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * Installs a Debian package unless `isInstalled()` already says it is there. apt does not start the
 * service it installs here (no init system), so the caller starts its own server.
 */
export function ensureDebianPackage(name, isInstalled) {
  if (isInstalled()) return false;
  process.stderr.write(`infra: installing the Debian package ${name}\n`);
  if (!listsRefreshed) {
    aptGet(['update', '-qq']);
    listsRefreshed = true;
  }
  aptGet(['install', '-y', '-qq', '--no-install-recommends', name]);
  if (!isInstalled()) throw new Error(`${name} is installed but its programs are still missing`);
  return true;
}
