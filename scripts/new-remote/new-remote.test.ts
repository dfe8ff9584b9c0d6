import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutCopy, copyCheckout } from '../testing/checkout-copy';

// Adding a remote is the generator plus its own folder: generated into a copy of this checkout, the new remote
// type-checks, its screen's test passes, and the registry, build and deployment checks take it in.

let copy: CheckoutCopy;
const output = (result: { stdout: unknown; stderr: unknown }) =>
  `${String(result.stdout).slice(-3000)}${String(result.stderr).slice(-2000)}`;

beforeAll(() => {
  copy = copyCheckout('yoman-new-remote-');
  copy.linkModules();
  const generated = copy.run(process.execPath, ['scripts/new-remote/new-remote.mjs', 'journeys']);
  expect(generated.status, output(generated)).toBe(0);
  copy.linkModules();
}, 120_000);
afterAll(() => copy.remove());

describe('npm run new:remote -- journeys', () => {
  it('writes a remote the whole checkout type-checks and lints with', () => {
    const types = copy.bin('tsc', ['-p', 'tsconfig.json', '--noEmit']);
    expect(types.status, output(types)).toBe(0);
    const lint = copy.bin('biome', ['check', '.']);
    expect(lint.status, output(lint)).toBe(0);
  }, 120_000);

  it('passes its screen test and the registry, build and deployment checks', () => {
    const tests = copy.bin('vitest', [
      'run',
      'mfe-journeys',
      'shell/src/remotes/registry.test.ts',
      'scripts/build.test.ts',
      'services/gateway/src/static-front-end.test.ts',
      'services/gateway/src/deployment.test.ts',
    ]);
    expect(tests.status, output(tests)).toBe(0);
    expect(String(tests.stdout)).toContain('mfe-journeys/src/JourneysScreen.test.tsx');
  }, 300_000);

  it('registers it with its own port, prefix and static server', () => {
    const registry = readFileSync(join(copy.root, 'remotes.config.mjs'), 'utf8');
    expect(registry).toContain("name: 'journeys',\n    folder: 'mfe-journeys',\n    devPort: 3104,");
    expect(readFileSync(join(copy.root, 'docker-compose.yml'), 'utf8')).toContain('remote-journeys:');
    expect(readFileSync(join(copy.root, 'infra/k8s/remotes.yaml'), 'utf8')).toContain(
      'name: remote-journeys',
    );
  });

  it('refuses a name that is taken', () => {
    const again = copy.run(process.execPath, ['scripts/new-remote/new-remote.mjs', 'journeys']);
    expect(again.status).toBe(1);
    expect(String(again.stderr)).toMatch(/mfe-journeys exists already/);
  });
});
