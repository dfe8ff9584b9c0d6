// Runs a TypeScript entry point of the repository with tsx after making sure dependencies are installed.
// Usage: node scripts/run-ts.mjs <file.ts> [args…]
import { ensureInstalled, repoRoot, run } from './ensure-installed.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
ensureInstalled();
run(process.execPath, ['--import', 'tsx', file, ...args], { cwd: repoRoot });
