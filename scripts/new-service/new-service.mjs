// `npm run new:service -- NAME [--root DIR]`: a working skeleton of a new backend service, registered
// everywhere it must be: its folder (module, aggregate with a spec, projection, routes with a test, main.ts),
// its contract rows and events, the service registry, the workspaces, the gateway's dependencies, the
// Dockerfile, docker-compose.yml and infra/k8s. Run `npm install` afterwards, then `npm test`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { edit, formatWritten, runGenerator, write } from '../generator-files.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import * as template from './templates.mjs';

const NAME = /^[a-z][a-z0-9]{2,19}$/;

/** The forms of a service's name the templates use, and its port: ten above the highest registered. */
export function namesOf(name, root) {
  const registry = readFileSync(join(root, 'services/gateway/src/registry.ts'), 'utf8');
  const services = [...registry.matchAll(/import \{ (\w+)Service \} from '@yoman\/(\w+)'/g)].map((m) => m[2]);
  const ports = services.map((service) => {
    const file = readFileSync(join(root, `services/${service}/src/${service}-service.ts`), 'utf8');
    return Number(/port: (\d+)/.exec(file)?.[1] ?? 3000);
  });
  const port = Math.max(3000, ...ports) + 10;
  // Each module's migrations take a hundred of their own (0300-trade-…): the new one takes the next free.
  const hundreds = readdirSync(join(root, 'services'), { recursive: true })
    .filter((file) => String(file).endsWith('.ts') && !String(file).includes('node_modules'))
    .flatMap((file) => [
      ...readFileSync(join(root, 'services', String(file)), 'utf8').matchAll(/name: '(\d\d)\d\d-/g),
    ])
    .map((match) => Number(match[1]));
  return {
    name,
    Name: name[0].toUpperCase() + name.slice(1),
    NAME: name.toUpperCase(),
    port,
    migrationBlock: `${String(Math.max(0, ...hundreds) + 1).padStart(2, '0')}00`,
  };
}

function writeServiceFolder(root, n) {
  const folder = `services/${n.name}`;
  write(root, `${folder}/package.json`, template.packageJson(n));
  write(root, `${folder}/src/index.ts`, template.indexFile(n));
  write(root, `${folder}/src/${n.name}-module.ts`, template.moduleFile(n));
  write(root, `${folder}/src/${n.name}-service.ts`, template.serviceFile(n));
  write(root, `${folder}/src/main.ts`, template.mainFile(n));
  write(root, `${folder}/src/migrations.ts`, template.migrationsFile(n));
  write(root, `${folder}/src/notes/note.ts`, template.stateFile(n));
  write(root, `${folder}/src/notes/decider.ts`, template.deciderFile(n));
  write(root, `${folder}/src/notes/decider.test.ts`, template.deciderTestFile(n));
  write(root, `${folder}/src/notes/note-commands.ts`, template.commandsFile(n));
  write(root, `${folder}/src/notes/notes-projection.ts`, template.projectionFile(n));
  write(root, `${folder}/src/notes/note-routes.ts`, template.routesModuleFile(n));
  write(root, `${folder}/src/notes/note-routes.test.ts`, template.routesTestFile(n));
}

function registerContracts(root, n) {
  write(root, `contracts/src/${n.name}.ts`, template.contractsFile(n));
  write(root, `contracts/src/routes/${n.name}.ts`, template.routesFile(n));
  edit(root, 'contracts/src/index.ts', /\n$/, `\nexport * from './${n.name}';\n`);
  edit(
    root,
    'contracts/src/routes/route.ts',
    '} as const;\nexport type RouteTag',
    `  ${n.name}: '${n.name}',\n} as const;\nexport type RouteTag`,
  );
  edit(
    root,
    'contracts/src/api.ts',
    "import { fileRoutes } from './routes/files';",
    `import { fileRoutes } from './routes/files';\nimport { ${n.name}Routes } from './routes/${n.name}';`,
  );
  edit(
    root,
    'contracts/src/api.ts',
    /beyondSpecRoutes = \[([^\]]*)\]/,
    `beyondSpecRoutes = [$1, ...${n.name}Routes]`,
  );
}

function registerService(root, n) {
  edit(
    root,
    'services/gateway/src/registry.ts',
    "import { identityModule } from './identity';",
    `import { ${n.name}Service } from '@yoman/${n.name}';\nimport { identityModule } from './identity';`,
  );
  edit(
    root,
    'services/gateway/src/registry.ts',
    /(SERVICES: readonly ServiceDefinition\[\] = \[[^\]]*)\]/,
    `$1, ${n.name}Service]`,
  );
  const addDependency = (file, key, add) => {
    const json = JSON.parse(readFileSync(join(root, file), 'utf8'));
    add(json);
    writeFileSync(join(root, file), `${JSON.stringify(json, null, 2)}\n`);
    return key;
  };
  addDependency('package.json', 'workspaces', (json) => {
    json.workspaces = [...json.workspaces, `services/${n.name}`];
  });
  addDependency('services/gateway/package.json', 'dependencies', (json) => {
    json.dependencies = Object.fromEntries(
      Object.entries({ ...json.dependencies, [`@yoman/${n.name}`]: '0.1.0' }).sort(([a], [b]) =>
        a.localeCompare(b),
      ),
    );
  });
  edit(
    root,
    'Dockerfile',
    /(COPY services\/[\w-]+\/package\.json services\/[\w-]+\/\n)(?!COPY services)/,
    `$1COPY services/${n.name}/package.json services/${n.name}/\n`,
  );
}

/** compose: the three processes before the remotes, and the gateway's SERVICE_URLS. */
function registerCompose(root, n) {
  const block = ['api', 'projector', 'worker']
    .map(
      (role, index) => `  ${n.name}-${role}:
    <<: *yoman-image
    command: ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, `services/${n.name}/dist/main.mjs`, '--role', role]).replaceAll(',', ', ')}
    environment:
      <<: *yoman-environment
      PORT: "${n.port + index}"
    depends_on: *after-prepare
    healthcheck: *yoman-healthcheck
    restart: unless-stopped

`,
    )
    .join('');
  edit(root, 'docker-compose.yml', /\n( {2}remote-)/, `\n${block}$1`);
  edit(
    root,
    'docker-compose.yml',
    // Every gateway process names the same services (each runs only the modules the gateway keeps).
    /(\n {6}SERVICE_URLS: [^\n]+)/g,
    `$1,${n.name}=http://${n.name}-api:${n.port}`,
  );
}

/** Kubernetes: the trade service's manifests, renamed and renumbered, listed in the kustomization. */
function registerKubernetes(root, n) {
  for (const [index, role] of ['api', 'projector', 'worker'].entries()) {
    const trade = readFileSync(join(root, `infra/k8s/trade-${role}.yaml`), 'utf8');
    const text = trade
      .replaceAll(`"${3010 + index}"`, `"${n.port + index}"`)
      .replaceAll(String(3010 + index), String(n.port + index))
      .replaceAll('services/trade/', `services/${n.name}/`)
      .replaceAll('trade-', `${n.name}-`)
      .replaceAll('The trade service', `The ${n.name} service`);
    write(root, `infra/k8s/${n.name}-${role}.yaml`, text);
  }
  edit(
    root,
    'infra/k8s/kustomization.yaml',
    '  - remotes.yaml',
    `  - ${n.name}-api.yaml\n  - ${n.name}-projector.yaml\n  - ${n.name}-worker.yaml\n  - remotes.yaml`,
  );
  for (const role of ['api', 'projector', 'worker']) {
    edit(
      root,
      `infra/k8s/gateway-${role}.yaml`,
      /(- name: SERVICE_URLS\n\s+value: [^\n]+)/,
      `$1,${n.name}=http://${n.name}-api:${n.port}`,
    );
  }
}

/** Writes and registers a service named `name` in the checkout at `root`; answers the names it used. */
export function newService(name, root) {
  if (!NAME.test(name)) {
    throw new Error(`"${name}" is not a service name: 3 to 20 lower-case letters and digits, a letter first`);
  }
  if (existsSync(join(root, 'services', name))) throw new Error(`services/${name} exists already`);
  const n = namesOf(name, root);
  writeServiceFolder(root, n);
  registerContracts(root, n);
  registerService(root, n);
  registerCompose(root, n);
  registerKubernetes(root, n);
  formatWritten(root, [`services/${n.name}`, 'contracts/src', 'services/gateway/src/registry.ts']);
  return n;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runGenerator(
    'new:service',
    newService,
    (n) =>
      `Created services/${n.name} (ports ${n.port}–${n.port + 2}) and registered it. Next: npm install, then npm test.`,
  );
}
