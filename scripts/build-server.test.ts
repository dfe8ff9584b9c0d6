import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, serverEntries } from './build-server.mjs';

const compiledOf = (entry: string) => join(entry, '..', '..', 'dist', 'main.mjs');
const importsOf = (code: string) =>
  [...code.matchAll(/^import .*? from "([^"]+)";$|^import "([^"]+)";$/gm)].map(
    (match) => match[1] ?? match[2],
  );

describe('the compiled server (npm start runs it)', () => {
  it("bundles each service's entry with the workspace packages; every npm import resolves from its folder", async () => {
    await buildServer();
    const entries = serverEntries() as { name: string; entry: string }[];
    expect(entries.map(({ name }) => name)).toEqual(expect.arrayContaining(['gateway', 'trade', 'market']));
    for (const { entry } of entries) {
      const compiled = compiledOf(entry);
      const code = readFileSync(compiled, 'utf8');
      expect(code).not.toMatch(/from "@yoman\//);
      const imports = importsOf(code);
      expect(imports).toContain('fastify');
      const resolve = createRequire(compiled).resolve;
      for (const specifier of imports) {
        if (!specifier!.startsWith('node:')) expect(() => resolve(specifier!), specifier).not.toThrow();
      }
    }
  }, 120_000);
});
