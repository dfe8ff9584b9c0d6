// The service registry (services/gateway/src/registry.ts) as the stack reads it: printed as JSON by a small
// TypeScript command, so this plain-JavaScript harness never keeps a list of services of its own.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Every service with its port, entry and roles, the gateway first. */
export function readRegistry() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'services/gateway/src/cli/services.ts'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(output).services;
}

/** The processes of a stack, `<service>-<role>`, in start order (each service's api, projector, worker). */
export const processNamesOf = (services) =>
  services.flatMap((service) => service.roles.map((role) => `${service.name}-${role}`));
