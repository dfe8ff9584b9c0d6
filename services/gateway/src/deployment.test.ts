import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IN_MEMORY_DATA_DIR, PROCESS_ROLES, portOf } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { remotes as registeredRemotes } from '../../../remotes.config.mjs';
import { compiledEntryOf, serverEntries } from '../../../scripts/build-server.mjs';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { registryProcesses } from './cli/services';
import { loadEveryVariable as loadConfig, yomanConfigVariables } from './config-variables';
import { gatewayConfig } from './gateway-config';

// No Docker engine or cluster runs here, so the deployment files are checked against the code instead.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(join(repo, file), 'utf8');
type Env = Record<string, string>;

/** The variables of the Postgres and Kafka images themselves; every other name must be Yoman's own. */
const IMAGE_VARIABLES = [
  'POSTGRES_USER',
  'POSTGRES_PASSWORD',
  'POSTGRES_DB',
  'CLUSTER_ID',
  'KAFKA_NODE_ID',
  'KAFKA_PROCESS_ROLES',
  'KAFKA_LISTENERS',
  'KAFKA_ADVERTISED_LISTENERS',
  'KAFKA_CONTROLLER_LISTENER_NAMES',
  'KAFKA_LISTENER_SECURITY_PROTOCOL_MAP',
  'KAFKA_INTER_BROKER_LISTENER_NAME',
  'KAFKA_CONTROLLER_QUORUM_VOTERS',
  'KAFKA_AUTO_CREATE_TOPICS_ENABLE',
  'KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR',
  'KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR',
  'KAFKA_TRANSACTION_STATE_LOG_MIN_ISR',
  'KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS',
  'KAFKA_LOG_DIRS',
];
/** Every variable Yoman reads: the platform's, the gateway's and each module's own. */
const CONFIG_VARIABLES = Object.keys(yomanConfigVariables());
const knownVariables: readonly string[] = [...CONFIG_VARIABLES, ...IMAGE_VARIABLES];
const secrets: Env = {
  SESSION_SECRET: 'ab'.repeat(32),
  INTERNAL_SECRET: 'cd'.repeat(32),
  DATABASE_URL: 'postgres://yoman:secret@postgres.example.com:5432/yoman',
};

/** The environment with an in-memory DATA_DIR unless it names one, so checking it writes no session key. */
const withoutDisk = (env: Record<string, string | undefined>) => ({ DATA_DIR: IN_MEMORY_DATA_DIR, ...env });

/** The source entries `npm run build:server` compiles (the Dockerfile runs it), and what it compiles them to. */
const compiledSources = new Map(serverEntries().map((source) => [compiledEntryOf(source), source]));

/**
 * A Yoman process as both files start it: `node <SERVER_NODE_FLAGS> <compiled script> [--role R | --dir D]`,
 * with the source entry the script is compiled from.
 */
function entryOf(command: readonly string[] = []) {
  const script = command[1 + SERVER_NODE_FLAGS.length] ?? 'missing';
  const option = (name: string) => (command.includes(name) ? command[command.indexOf(name) + 1] : undefined);
  return {
    prefix: command.slice(0, 1 + SERVER_NODE_FLAGS.length),
    script,
    source: compiledSources.get(script),
    role: option('--role'),
    dir: option('--dir'),
  };
}

/** Checks a Yoman command: plain node, a script the server build makes from a source that exists, a known role. */
function expectRunnable(command: readonly string[] | undefined) {
  const entry = entryOf(command);
  // The flags npm start and the bench run the server with.
  expect(entry.prefix).toEqual(['node', ...SERVER_NODE_FLAGS]);
  expect(entry.source, `${entry.script} is not built by npm run build:server`).toBeDefined();
  expect(existsSync(join(repo, entry.source as string)), entry.source).toBe(true);
  if (entry.role !== undefined) expect(PROCESS_ROLES).toContain(entry.role);
  if (entry.dir !== undefined) expect(entry.dir).toMatch(/^dist\/web\/remotes\/[a-z]+$/);
}

/** SERVICE_URLS and REMOTES_MANIFEST as the configuration reads them: `[name, URL]` pairs. */
function urlsOf(env: Env) {
  const { SERVICE_URLS: serviceUrls, REMOTES_MANIFEST: remotes } = gatewayConfig.load({
    SERVICE_URLS: env.SERVICE_URLS,
    REMOTES_MANIFEST: env.REMOTES_MANIFEST,
  });
  return {
    services: Object.entries(serviceUrls ?? {}).map(([name, url]) => [name, new URL(url)] as const),
    remotes: Object.entries(remotes ?? {}).map(([name, url]) => [name, new URL(url)] as const),
  };
}

// ---------------------------------------------------------------- docker-compose.yml
interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Env;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = Object.entries(compose.services);
const yomanServices = services.filter(([, service]) => service.image?.startsWith('yoman'));
const composeEnv = (name: string) => compose.services[name]?.environment ?? {};

/** Resolves compose's `${VAR:-default}` and `${VAR:?message}` as an operator's shell would, with test values. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_, name: string, fallback?: string) =>
    name in secrets ? (secrets[name] as string) : (fallback ?? ''),
  );
}

describe('docker-compose.yml', () => {
  it('names only variables the configuration (or the Postgres and Kafka images) know', () => {
    for (const [name, service] of services) {
      for (const variable of Object.keys(service.environment ?? {}))
        expect(knownVariables, `${name}: ${variable}`).toContain(variable);
    }
    const interpolated = [...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((match) => match[1]);
    for (const variable of interpolated) expect(knownVariables).toContain(variable);
  });

  it('gives every Yoman process values the configuration accepts', () => {
    for (const [name, service] of yomanServices) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
      );
      expect(() => loadConfig(withoutDisk(env)), name).not.toThrow();
    }
  });

  it('starts scripts that exist, with roles the processes know', () => {
    expect(yomanServices.length).toBeGreaterThan(6);
    for (const [, service] of yomanServices) expectRunnable(service.command);
  });

  it('prepares the database and topics before any process that uses them starts', () => {
    const prepare = compose.services.prepare;
    expect(entryOf(prepare?.command).source).toBe('services/gateway/src/cli/prepare.ts');
    expect(prepare?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(prepare?.depends_on?.kafka?.condition).toBe('service_healthy');
    for (const [name, service] of yomanServices) {
      if (name === 'prepare' || !service.environment?.DATABASE_URL) continue;
      expect(service.depends_on?.prepare?.condition, name).toBe('service_completed_successfully');
    }
    expect(compose.services.kafka?.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
  });

  it('health-checks every long-running service, the Yoman ones on their own /readyz', () => {
    for (const [name, service] of services) {
      if (name === 'prepare') continue;
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const [name, service] of yomanServices) {
      if (name === 'prepare') continue;
      const probe = service.healthcheck?.test.join(' ') ?? '';
      expect(probe).toContain("'http://127.0.0.1:' + process.env.PORT + '/readyz'");
      expect(service.environment?.PORT, name).toMatch(/^\d+$/);
    }
  });

  it('publishes ports only as the PORT the process listens on, and declares its named volumes', () => {
    for (const [name, service] of yomanServices) {
      for (const mapping of service.ports ?? [])
        expect(mapping, name).toBe(`${service.environment?.PORT}:${service.environment?.PORT}`);
    }
    for (const [, service] of services) {
      for (const volume of service.volumes ?? [])
        expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
  });

  it('sends SERVICE_URLS and REMOTES_MANIFEST to services that exist, on their PORT', () => {
    const gateway = composeEnv('gateway-api');
    const { services: called, remotes } = urlsOf({
      ...gateway,
      REMOTES_MANIFEST: interpolate(gateway.REMOTES_MANIFEST ?? ''),
    });
    expect(called.length).toBeGreaterThan(0);
    for (const [service, url] of called) {
      expect(composeEnv(url.hostname).PORT).toBe(url.port);
      const entry = entryOf(compose.services[url.hostname]?.command);
      expect(entry).toMatchObject({ source: `services/${service}/src/main.ts`, role: 'api' });
    }
    expect(remotes.map(([name]) => name).sort()).toEqual(registeredRemotes.map(({ name }) => name).sort());
    for (const [name, url] of remotes) {
      expect(entryOf(compose.services[`remote-${name}`]?.command).dir).toBe(`dist/web/remotes/${name}`);
      expect(compose.services[`remote-${name}`]?.ports).toContain(`${url.port}:${url.port}`);
    }
  });
});

describe('the Dockerfile', () => {
  it('starts an entry point that exists', () => {
    expectRunnable(JSON.parse(/CMD (\[.*\])/.exec(read('Dockerfile'))?.[1] ?? '[]'));
  });

  it('copies every workspace package.json before npm ci, so the image installs every workspace', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces)
      expect(read('Dockerfile')).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
});

// ---------------------------------------------------------------- infra/k8s
interface Probe {
  httpGet: { path: string; port: number };
}
interface Container {
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Env; limits?: Env };
}
interface Resource {
  kind: string;
  metadata: { name: string };
  data?: Env;
  stringData?: Env;
  spec?: {
    replicas?: number;
    selector?: { matchLabels: Env } | Env;
    ports?: { port: number; targetPort: number }[];
    template?: { metadata?: { labels: Env }; spec: { containers: Container[] } };
  };
}
const k8s = 'infra/k8s';
const kustomization = parse(read(`${k8s}/kustomization.yaml`)) as { resources: string[] };
const resourcesOf = (file: string) =>
  parseAllDocuments(read(`${k8s}/${file}`)).map((document) => document.toJS() as Resource);
const resources = kustomization.resources.flatMap(resourcesOf);
const ofKind = (kind: string) => resources.filter((resource) => resource.kind === kind);
const configMap = ofKind('ConfigMap')[0]?.data ?? {};
const workloads = [...ofKind('Deployment'), ...ofKind('Job')];
const containerOf = (workload: Resource) => workload.spec?.template?.spec.containers[0] as Container;
const deployment = (name: string) => ofKind('Deployment').find((each) => each.metadata.name === name);

/** What the container's process sees: the ConfigMap and the Secret it names, then its own `env`. */
function environmentOf(container: Container): Env {
  const from = container.envFrom ?? [];
  return {
    ...(from.some((source) => source.configMapRef?.name === 'yoman-config') ? configMap : {}),
    ...(from.some((source) => source.secretRef?.name === 'yoman-secrets') ? secrets : {}),
    ...Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value ?? ''])),
  };
}

describe('the Kubernetes manifests', () => {
  it('lists every manifest in kustomization.yaml, and the Secret only as an example', () => {
    const files = readdirSync(join(repo, k8s)).filter((file) => file.endsWith('.yaml'));
    const listed = ['kustomization.yaml', 'secret.example.yaml', ...kustomization.resources];
    expect(listed.sort()).toEqual(files.sort());
    expect(ofKind('Namespace')).toHaveLength(1);
    expect(ofKind('Secret')).toHaveLength(0);
  });

  it('leaves the example Secret with explicit values Yoman refuses to start with', () => {
    const [secret] = resourcesOf('secret.example.yaml');
    expect(secret?.metadata.name).toBe('yoman-secrets');
    expect(Object.keys(secret?.stringData ?? {}).sort()).toEqual(Object.keys(secrets).sort());
    for (const value of Object.values(secret?.stringData ?? {})) expect(value).toBe('REPLACE_ME');
    expect(() => loadConfig(withoutDisk({ ...configMap, ...secret?.stringData }))).toThrow(
      /Configuration error/,
    );
  });

  it('names only variables the configuration knows, with values it accepts', () => {
    for (const workload of workloads) {
      const env = environmentOf(containerOf(workload));
      for (const variable of Object.keys(env)) expect(CONFIG_VARIABLES).toContain(variable);
      expect(() => loadConfig(withoutDisk(env)), workload.metadata.name).not.toThrow();
    }
  });

  it('runs the same processes as docker-compose.yml, with the same commands', () => {
    const started = workloads.map((workload) => containerOf(workload).command);
    for (const command of started) expectRunnable(command);
    const composed = yomanServices.map(([, service]) => service.command);
    expect(started.map((command) => JSON.stringify(command)).sort()).toEqual(
      composed.map((command) => JSON.stringify(command)).sort(),
    );
  });

  it('runs two of each API and static server, one projector and one worker, each with resources', () => {
    for (const workload of ofKind('Deployment')) {
      const { role } = entryOf(containerOf(workload).command);
      const expected = role === 'projector' || role === 'worker' ? 1 : 2;
      expect(workload.spec?.replicas, workload.metadata.name).toBe(expected);
    }
    for (const workload of workloads) {
      const { requests, limits } = containerOf(workload).resources ?? {};
      expect(Object.keys(requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
  });

  it('probes /healthz for liveness and /readyz for readiness on the PORT the container exposes', () => {
    for (const workload of ofKind('Deployment')) {
      const container = containerOf(workload);
      const port = Number(environmentOf(container).PORT);
      expect(container.ports?.map((each) => each.containerPort)).toEqual([port]);
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port });
      expect(container.startupProbe?.httpGet).toEqual({ path: '/healthz', port });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port });
    }
  });

  it('points each Service at its Deployment’s container port', () => {
    for (const service of ofKind('Service')) {
      const target = deployment(service.metadata.name);
      expect(target?.spec?.template?.metadata?.labels).toMatchObject(
        service.spec?.selector ?? { missing: true },
      );
      const port = containerOf(target as Resource).ports?.[0]?.containerPort;
      expect(service.spec?.ports).toEqual([expect.objectContaining({ port, targetPort: port })]);
    }
  });

  it('sends SERVICE_URLS to Services that exist, and names a static server for each remote', () => {
    const { services: called, remotes } = urlsOf(
      environmentOf(containerOf(deployment('gateway-api') as Resource)),
    );
    expect(called.length).toBeGreaterThan(0);
    for (const [service, url] of called) {
      const target = ofKind('Service').find((each) => each.metadata.name === url.hostname);
      expect(target?.spec?.ports?.[0]?.port).toBe(Number(url.port));
      const entry = entryOf(containerOf(deployment(url.hostname) as Resource).command);
      expect(entry).toMatchObject({ source: `services/${service}/src/main.ts`, role: 'api' });
    }
    for (const [name] of remotes) {
      expect(entryOf(containerOf(deployment(`remote-${name}`) as Resource).command).dir).toBe(
        `dist/web/remotes/${name}`,
      );
      expect(ofKind('Service').map((each) => each.metadata.name)).toContain(`remote-${name}`);
    }
  });
});

// ---------------------------------------------------------------- the service registry
describe('docker-compose.yml and infra/k8s against the service registry', () => {
  const registry = registryProcesses();
  const expected = registry.flatMap((service) =>
    service.roles.map((role) => ({
      name: `${service.name}-${role}`,
      command: ['node', ...SERVER_NODE_FLAGS, compiledEntryOf(service.entry), '--role', role],
      port: String(portOf(service, role as 'api' | 'projector' | 'worker')),
    })),
  );

  it('runs every process of every registered service, on its port, with its entry and role', () => {
    for (const process of expected) {
      const composed = compose.services[process.name];
      expect(composed?.command, `compose ${process.name}`).toEqual(process.command);
      expect(composed?.environment?.PORT, `compose ${process.name}`).toBe(process.port);
      const deployed = deployment(process.name);
      expect(deployed && containerOf(deployed).command, `k8s ${process.name}`).toEqual(process.command);
      expect(deployed && environmentOf(containerOf(deployed)).PORT, `k8s ${process.name}`).toBe(process.port);
    }
  });

  it('runs no service process the registry does not know', () => {
    const names = new Set(expected.map((process) => process.name));
    const composedRoles = yomanServices.filter(([, service]) => service.command?.includes('--role'));
    for (const [name] of composedRoles) expect(names, `compose ${name}`).toContain(name);
    const deployedRoles = ofKind('Deployment').filter((each) =>
      containerOf(each).command?.includes('--role'),
    );
    for (const each of deployedRoles)
      expect(names, `k8s ${each.metadata.name}`).toContain(each.metadata.name);
  });

  it('has the gateway reach every other registered service with an API by SERVICE_URLS, in compose and Kubernetes', () => {
    const others = registry
      .filter((service) => service.name !== 'gateway' && service.roles.includes('api'))
      .map((service) => service.name);
    const gateway = composeEnv('gateway-api');
    const composed = urlsOf({ SERVICE_URLS: gateway.SERVICE_URLS ?? '' }).services.map(([name]) => name);
    const deployed = urlsOf(environmentOf(containerOf(deployment('gateway-api') as Resource))).services;
    expect(composed.sort()).toEqual([...others].sort());
    expect(deployed.map(([name]) => name).sort()).toEqual([...others].sort());
  });

  it('gives every gateway process the same SERVICE_URLS, so none runs another service’s modules', () => {
    const roles = registry.find((service) => service.name === 'gateway')?.roles ?? [];
    const composed = roles.map((role) => composeEnv(`gateway-${role}`).SERVICE_URLS);
    const deployed = roles.map((role) => {
      const target = deployment(`gateway-${role}`) as Resource;
      return environmentOf(containerOf(target)).SERVICE_URLS;
    });
    expect(roles).toEqual(['api', 'projector', 'worker']);
    expect(new Set(composed)).toEqual(new Set([composeEnv('gateway-api').SERVICE_URLS]));
    expect(new Set(deployed)).toEqual(new Set([deployed[0]]));
    expect(deployed[0]).toBeTruthy();
  });
});
