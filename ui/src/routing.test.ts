import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as routing from './routing';

const repoRoot = join(__dirname, '../..');
const APP_SOURCES = ['shell/src', 'mfe-journal/src', 'mfe-leagues/src', 'mfe-mentor/src', 'ui/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/u.test(entry.name) ? [path] : [];
  });
}

// The code the browser runs: tests render with their own routers and are never built.
const shipped = APP_SOURCES.flatMap((dir) => sourceFiles(join(repoRoot, dir))).filter(
  (file) => !/\.test\.tsx?$/u.test(file) && !file.endsWith('routing.ts'),
);

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(react-router(?:-dom)?)'/gu;

function valueImports(source: string, from: string): string[] {
  return [...source.matchAll(IMPORT)]
    .filter((match) => match[3] === from && !match[1])
    .flatMap((match) => (match[2] ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/u)[0] ?? name);
}

describe('the shared react-router-dom (ui/src/routing.ts)', () => {
  it('exports every value the apps import from react-router-dom', () => {
    const missing = shipped.flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'), 'react-router-dom')
        .filter((name) => !(name in routing))
        .map((name) => `${relative(repoRoot, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('is the only way the apps reach the router: no shipped file imports react-router itself', () => {
    const direct = shipped.filter((file) =>
      /from\s+'react-router(?:\/[^']*)?'/u.test(readFileSync(file, 'utf8')),
    );
    expect(direct.map((file) => relative(repoRoot, file))).toEqual([]);
  });

  it('gives the DOM RouterProvider, which flushes updates with react-dom', async () => {
    const dom = await import('react-router/dom');
    expect(routing.RouterProvider).toBe(dom.RouterProvider);
  });
});
