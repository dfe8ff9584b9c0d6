// `node --import tsx services/gateway/src/cli/services.ts`: the service registry as JSON, for the scripts
// written in plain JavaScript (infra/stack) that start or check the distributed processes.
import { pathToFileURL } from 'node:url';
import { entryOf, rolesOf } from '@yoman/platform';
import { SERVICES } from '../registry';

/** One service as the process scripts need it: where it starts, which roles it runs, on which port. */
export interface ServiceProcesses {
  name: string;
  port: number;
  entry: string;
  roles: string[];
}

/** Every service of the registry, the gateway first, with its processes. */
export function registryProcesses(): ServiceProcesses[] {
  return SERVICES.map((service) => ({
    name: service.name,
    port: service.port,
    entry: entryOf(service),
    roles: rolesOf(service.modules()),
  }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${JSON.stringify({ services: registryProcesses() }, null, 2)}\n`);
}
