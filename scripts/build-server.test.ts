import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, compiledEntryOf, serverEntries } from './build-server.mjs';
import { repoRoot } from './ensure-installed.mjs';

const importsOf = (code: string) =>
  [...code.matchAll(/^import .*? from "([^"]+)";$|^import "([^"]+)";$/gm)].map(
    (match) => match[1] ?? match[2],
  );

describe('the compiled server (npm start, docker-compose.yml, infra/k8s and infra/stack run it)', () => {
  it("bundles each service's entry and the gateway's commands with the workspace packages; every npm import resolves from its folder", async () => {
    await buildServer();
    const entries: string[] = serverEntries();
    expect(entries).toEqual(
      expect.arrayContaining([
        'services/gateway/src/main.ts',
        'services/trade/src/main.ts',
        'services/market/src/main.ts',
        'services/gateway/src/cli/prepare.ts',
        'services/gateway/src/cli/serve-static.ts',
      ]),
    );
    for (const entry of entries) {
      const compiled = join(repoRoot, compiledEntryOf(entry));
      const code = readFileSync(compiled, 'utf8');
      expect(code).not.toMatch(/from "@yoman\//);
      const imports = importsOf(code);
      if (entry.endsWith('/main.ts')) expect(imports).toContain('fastify');
      const resolve = createRequire(compiled).resolve;
      for (const specifier of imports) {
        if (!specifier!.startsWith('node:')) expect(() => resolve(specifier!), specifier).not.toThrow();
      }
    }
  }, 120_000);

  it('names the compiled file of an entry beside src/, at the same depth', () => {
    expect(compiledEntryOf('services/trade/src/main.ts')).toBe('services/trade/dist/main.mjs');
    expect(compiledEntryOf('services/gateway/src/cli/prepare.ts')).toBe('services/gateway/dist/prepare.mjs');
    expect(() => compiledEntryOf('bench/run-bench.ts')).toThrow(/not a service entry/);
  });
});
