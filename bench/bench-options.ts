/** How many clients each closed-loop and read run of `npm run bench` keeps busy, unless told otherwise. */
export const DEFAULT_CONNECTIONS = 10;
const MAX_CONNECTIONS = 1000;

/**
 * `--connections N` (or `--connections=N`): the bench's clients for every run. Issue 14's figures are at 10;
 * other counts show where the machine, not one save's wait, sets the ceiling (BENCHMARKS.md, 2026-11-30).
 */
export function connectionsOf(argv: readonly string[]): number {
  const at = argv.findIndex((arg) => arg === '--connections' || arg.startsWith('--connections='));
  if (at === -1) return DEFAULT_CONNECTIONS;
  const flag = argv[at] as string;
  const text = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : argv[at + 1];
  const count = Number(text);
  if (!/^\d+$/.test(text ?? '') || count < 1 || count > MAX_CONNECTIONS) {
    throw new Error(`--connections takes a whole number from 1 to ${MAX_CONNECTIONS}, not "${text ?? ''}"`);
  }
  return count;
}
