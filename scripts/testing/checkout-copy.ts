import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Test-only: a throwaway copy of this checkout for the generators' tests, with node_modules laid out as
// `npm install` would after the generator added a workspace (links to this checkout's packages).

const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface CheckoutCopy {
  root: string;
  /** Runs a command in the copy, as CI would. */
  run(command: string, args: readonly string[]): ReturnType<typeof spawnSync>;
  /** Runs a binary of node_modules/.bin in the copy. */
  bin(name: string, args: readonly string[]): ReturnType<typeof spawnSync>;
  /** Links node_modules (again after a generator has added workspaces: what is linked already stays). */
  linkModules(): void;
  remove(): void;
}

/** The tracked and untracked (not ignored) files of the checkout, as they are in the working tree. */
export function copyCheckout(prefix: string): CheckoutCopy {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '');
  for (const file of files) {
    try {
      cpSync(join(repo, file), join(root, file));
    } catch {
      // Deleted in the working tree but still tracked: nothing to copy.
    }
  }
  const run = (command: string, args: readonly string[]) =>
    spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return {
    root,
    run,
    bin: (name, args) => run(join(root, 'node_modules/.bin', name), args),
    linkModules() {
      const link = (target: string, path: string) => {
        if (existsSync(target) && !existsSync(path)) symlinkSync(target, path);
      };
      mkdirSync(join(root, 'node_modules/@yoman'), { recursive: true });
      for (const entry of readdirSync(join(repo, 'node_modules'))) {
        if (entry !== '@yoman') link(join(repo, 'node_modules', entry), join(root, 'node_modules', entry));
      }
      const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        workspaces: string[];
      };
      for (const workspace of workspaces) {
        const { name } = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
        link(join(root, workspace), join(root, 'node_modules', name));
        // Versions npm could not hoist stay in the workspace's own node_modules.
        link(join(repo, workspace, 'node_modules'), join(root, workspace, 'node_modules'));
      }
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
