// Node only (tests and bench/rtl-styles.ts): every CSS declaration written in the app's styled components,
// read from the source, with each interpolation replaced by sample values, to hold the RTL plugin to
// stylis-plugin-rtl's output and to time it on the app's own styles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const PACKAGES = ['ui/src', 'shell/src', 'mfe-journal/src', 'mfe-leagues/src', 'mfe-mentor/src'];
const SAMPLES = ['8px', '#1e293b', '0.5', '12px 16px', '50%'];
/** `${...}` with at most one level of braces inside, as in `${({ theme }) => theme.colors.bg}`. */
const INTERPOLATION = /\$\{(?:[^{}]|\{[^{}]*\})*\}/g;
const DECLARATION_LINE = /^\s*((?:\/\* @noflip \*\/ )?[a-z-]+:\s*[^;{}`]+;)\s*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The distinct declarations ("property: value;") of the app's styles, each interpolation filled in turn. */
export function declarationsInTheApp(): string[] {
  const found = new Set<string>();
  for (const dir of PACKAGES) {
    for (const file of sourceFiles(join(root, dir))) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        for (const sample of SAMPLES) {
          const match = DECLARATION_LINE.exec(line.replace(INTERPOLATION, sample));
          if (match) found.add(match[1]);
        }
      }
    }
  }
  return [...found];
}
