// The file edits both generators make (`new:service`, `new:remote`): write a new file, register in an existing
// one at a known place, and format what was written as `npm run format` would.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Writes a new file; an existing one stops the generator, so nothing is overwritten. */
export function write(root, file, text) {
  const path = join(root, file);
  if (existsSync(path)) throw new Error(`${file} exists already`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Replaces `anchor` in a file once; a missing anchor stops the generator, naming the file. */
export function edit(root, file, anchor, replacement) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const found = typeof anchor === 'string' ? text.includes(anchor) : anchor.test(text);
  if (!found) throw new Error(`${file}: cannot find where to register it (${String(anchor)})`);
  writeFileSync(path, text.replace(anchor, replacement));
}

/** Formats and sorts the imports of what the generator wrote (when Biome is installed). */
export function formatWritten(root, paths) {
  const biome = join(root, 'node_modules/.bin/biome');
  if (existsSync(biome)) spawnSync(biome, ['check', '--write', ...paths], { cwd: root, stdio: 'ignore' });
}

/**
 * The command line of a generator: `node <script> NAME [--root DIR]` (root: this checkout). Prints what
 * `describe` says of the result, or one line for a refusal with exit code 1.
 */
export async function runGenerator(label, generate, describe) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { root: { type: 'string' } },
  });
  const root = values.root ?? fileURLToPath(new URL('../', import.meta.url));
  try {
    console.log(describe(await generate(positionals[0] ?? '', root)));
  } catch (error) {
    console.error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
