import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES, loadConfig } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs here, so the deployment files are checked against the code instead.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(join(repo, file), 'utf8');

interface ComposeService {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> };
const yomanServices = Object.entries(compose.services).filter(([, service]) =>
  service.image?.startsWith('yoman'),
);

/** Resolves compose's `${VAR:-default}` and `${VAR:?message}` the way an operator's shell would, with test values. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_, name: string, fallback?: string) =>
    name === 'SESSION_SECRET' ? 'ab'.repeat(32) : (fallback ?? ''),
  );
}

describe('docker-compose.yml and the Dockerfile', () => {
  it('runs at least one Yoman process', () => {
    expect(yomanServices.length).toBeGreaterThan(0);
  });

  it('sets only variables the configuration schema knows, with values it accepts', () => {
    for (const [, service] of yomanServices) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
      );
      for (const name of Object.keys(environment)) expect(CONFIG_VARIABLES).toContain(name);
      expect(() => loadConfig(environment)).not.toThrow();
    }
  });

  it('starts an entry point that exists, the same one as the image', () => {
    const dockerfileCommand = /CMD (\[.*\])/.exec(read('Dockerfile'))?.[1];
    for (const [, service] of yomanServices) {
      const command = service.command ?? [];
      expect(existsSync(join(repo, command.at(-1) ?? 'missing'))).toBe(true);
      expect(JSON.parse(dockerfileCommand ?? '[]')).toEqual(command);
    }
  });

  it('publishes and probes the port the process listens on', () => {
    for (const [, service] of yomanServices) {
      const port = service.environment?.PORT;
      expect(service.ports?.some((mapping) => mapping.endsWith(`:${port}`))).toBe(true);
      expect(service.healthcheck?.test.join(' ')).toContain(`127.0.0.1:${port}/readyz`);
    }
  });

  it('copies every workspace package.json before npm ci, so the image installs every workspace', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const dockerfile = read('Dockerfile');
    for (const workspace of workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
});
