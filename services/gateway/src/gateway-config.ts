import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, defineModuleConfig } from '@yoman/platform';
import { z } from 'zod';
import { resolveSessionSecret } from './identity/sessions/session-key';

/** The built front end of this checkout: shell at its root, remotes under `remotes/<name>/`. */
export const DEFAULT_FRONT_END_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** `journal=URL,leagues=URL` or a JSON object `{"journal":"https://…/mf-manifest.json"}`. */
const remotesManifestSchema = z.string().transform((raw, context) => {
  let candidate: unknown;
  if (raw.startsWith('{')) {
    try {
      candidate = JSON.parse(raw);
    } catch {
      context.issues.push({ code: 'custom', message: 'is not valid JSON', input: raw });
      return z.NEVER;
    }
  } else {
    candidate = Object.fromEntries(raw.split(',').map((pair) => pair.trim().split('=', 2)));
  }
  const parsed = z.record(z.string().regex(/^[a-z][\w-]*$/), z.string().min(1)).safeParse(candidate);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    const message = 'must map remote names to manifest URLs (name=URL,…)';
    context.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  }
  return parsed.data;
});

/** `SERVICE_URLS` is `trade=http://trade-api:3010,league=http://league-api:3020`. */
const serviceUrlsSchema = z.string().transform((raw, context) => {
  const candidate = Object.fromEntries(raw.split(',').map((pair) => pair.trim().split('=', 2)));
  const parsed = z
    .record(z.string().regex(/^[a-z][\w-]*$/), z.url({ protocol: /^https?$/ }))
    .safeParse(candidate);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    const message = 'must map service names to http(s) URLs (trade=http://trade-api:3010,…)';
    context.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The gateway's own variables: the front end it serves, its session cookie and the services it proxies to.
 * Read once by `buildGateway`/`composeGateway` (`loadGatewaySettings`) before the platform opens (a bad value
 * stops start-up like any other); the gateway is a process, not a module, so it passes the settings to its
 * front door, session plugin and service proxies itself rather than through `platform.settingsOf`.
 */
export const gatewayConfig = defineModuleConfig({
  FRONT_END_DIR: {
    schema: z.string(),
    defaultText: '`dist/web`',
    description: 'where the built shell and remotes are',
  },
  REMOTES_MANIFEST: {
    schema: remotesManifestSchema,
    defaultText: "the gateway's own remotes",
    description: '`journal=URL,leagues=URL,mentor=URL` (or JSON) to load remotes deployed elsewhere',
  },
  SESSION_SECRET: {
    schema: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex chars'),
    defaultText: 'generated into `DATA_DIR/session.key`',
    description: '64 hex characters (32 bytes) encrypting the session cookie; required with `DATABASE_URL`',
  },
  COOKIE_SECURE: {
    schema: z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'] }),
    defaultText: '`true` outside development',
    description:
      '`Secure` flag of the session cookie (browsers accept it on `http://localhost`; elsewhere serve Yoman over HTTPS)',
  },
  SERVICE_URLS: {
    schema: serviceUrlsSchema,
    description:
      'on the gateway only: service name → base URL of its API process (`trade=http://trade-api:3010`); `/api/*` of that service is proxied there',
  },
});

/** The session cookie's key and flag, as the session plugin uses them. */
export interface SessionSettings {
  /** 64 hex characters (32 bytes) for the cookie's encryption key. */
  secret: string;
  /** The cookie's `Secure` flag. */
  secure: boolean;
}

/** The gateway's settings, with the defaults that depend on the platform's configuration worked out. */
export interface GatewaySettings {
  frontEndDir: string;
  remotesManifest?: Readonly<Record<string, string>>;
  session: SessionSettings;
  /** Service name → base URL of its API process (`trade=http://trade-api:3010`). */
  serviceUrls?: Readonly<Record<string, string>>;
}

function embeddedSessionSecret(dataDir: string): string {
  try {
    return resolveSessionSecret(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError('SESSION_SECRET', `is not set and ${dataDir}/session.key is unusable: ${reason}`);
  }
}

/**
 * Validates the gateway's variables in `config.environment`; throws `ConfigError` naming the first bad one.
 * Without `SESSION_SECRET` the embedded install's key is read from (or generated into) `DATA_DIR/session.key`;
 * with `DATABASE_URL` it is required. The cookie is `Secure` unless `NODE_ENV` is development or test.
 */
export function loadGatewaySettings(
  config: Pick<Config, 'environment' | 'dataDir' | 'nodeEnv' | 'databaseUrl'>,
): GatewaySettings {
  const read = gatewayConfig.load(config.environment);
  if (read.SESSION_SECRET === undefined && config.databaseUrl !== undefined) {
    throw new ConfigError('SESSION_SECRET', 'is required when DATABASE_URL is set (64 hex characters)');
  }
  const development = config.nodeEnv === 'development' || config.nodeEnv === 'test';
  return {
    frontEndDir: read.FRONT_END_DIR ?? DEFAULT_FRONT_END_DIR,
    remotesManifest: read.REMOTES_MANIFEST,
    session: {
      secret: read.SESSION_SECRET?.toLowerCase() ?? embeddedSessionSecret(config.dataDir),
      secure: read.COOKIE_SECURE ?? !development,
    },
    serviceUrls: read.SERVICE_URLS,
  };
}
