import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutCopy, copyCheckout } from '../testing/checkout-copy';

// Adding a service is the generator plus its own folder: generated into a copy of this checkout, the new
// service type-checks, its own tests pass, and the registry, deployment and access checks take it in.

let copy: CheckoutCopy;
const output = (result: { stdout: unknown; stderr: unknown }) =>
  `${String(result.stdout).slice(-3000)}${String(result.stderr).slice(-2000)}`;

beforeAll(() => {
  copy = copyCheckout('yoman-new-service-');
  copy.linkModules();
  const generated = copy.run(process.execPath, ['scripts/new-service/new-service.mjs', 'coaching']);
  expect(generated.status, output(generated)).toBe(0);
  copy.linkModules();
}, 120_000);
afterAll(() => copy.remove());

describe('npm run new:service -- coaching', () => {
  it('writes a service the whole checkout type-checks and lints with', () => {
    const types = copy.bin('tsc', ['-p', 'tsconfig.json', '--noEmit']);
    expect(types.status, output(types)).toBe(0);
    const lint = copy.bin('biome', ['check', '.']);
    expect(lint.status, output(lint)).toBe(0);
  }, 120_000);

  it('passes its own tests and the registry, deployment, access and data-ownership checks', () => {
    const tests = copy.bin('vitest', [
      'run',
      '--project',
      'server',
      'services/coaching',
      'services/gateway/src/deployment.test.ts',
      'services/gateway/src/access-matrix.test.ts',
      'services/gateway/src/data-ownership.test.ts',
      'services/gateway/src/cli/prepare.test.ts',
      'contracts/src/api.test.ts',
    ]);
    expect(tests.status, output(tests)).toBe(0);
    expect(String(tests.stdout)).toContain('services/coaching/src/notes/decider.test.ts');
    expect(String(tests.stdout)).toContain('services/coaching/src/notes/note-routes.test.ts');
  }, 300_000);

  it('registers it with the gateway, compose and Kubernetes on the next ports', () => {
    const registry = copy.run(process.execPath, ['--import', 'tsx', 'services/gateway/src/cli/services.ts']);
    const services = JSON.parse(String(registry.stdout)).services as { name: string; port: number }[];
    // Ten above the highest port registered before it.
    const port = Math.max(...services.slice(0, -1).map((service) => service.port)) + 10;
    expect(services.at(-1)).toMatchObject({ name: 'coaching', port });
    expect(readFileSync(join(copy.root, 'docker-compose.yml'), 'utf8')).toContain(
      `coaching=http://coaching-api:${port}`,
    );
    expect(readFileSync(join(copy.root, 'infra/k8s/kustomization.yaml'), 'utf8')).toContain(
      'coaching-worker.yaml',
    );
  }, 60_000);

  it('refuses a name that is taken or not a name', () => {
    const again = copy.run(process.execPath, ['scripts/new-service/new-service.mjs', 'coaching']);
    expect(again.status).toBe(1);
    expect(String(again.stderr)).toMatch(/services\/coaching exists already/);
    const bad = copy.run(process.execPath, ['scripts/new-service/new-service.mjs', 'Bad Name']);
    expect(String(bad.stderr)).toMatch(/is not a service name/);
  });
});
