// The Chromium the browser suites drive (Debian's package by default), found before anything is built or
// started, so that a machine without it is told what to install instead of failing deep inside a launcher.
import { accessSync, constants } from 'node:fs';

/** Where Debian's `chromium` package installs the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser executable: `env[variable]` when set, else Debian's. Throws, saying how to get one, when the
 * file is missing or cannot be run.
 */
export function chromiumPath(variable, env = process.env) {
  const path = env[variable] || DEBIAN_CHROMIUM;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    throw new Error(
      `No Chromium at ${path}. Install Debian's (as root: apt-get update && apt-get install -y chromium), ` +
        `or set ${variable} to a Chromium or Chrome executable.`,
    );
  }
}
