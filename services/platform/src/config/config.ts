import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { resolveSessionSecret } from './session-key';

/** Every environment variable Yoman reads; docker-compose and the README are checked against this list. */
export const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SESSION_SECRET',
  'COOKIE_SECURE',
  'LOG_LEVEL',
  'USD_ILS_RATE',
  'BOI_RATES_URL',
  'FX_FALLBACK_RATES',
  'FRONT_END_DIR',
  'REMOTES_MANIFEST',
  'KAFKA_BROKERS',
  'KAFKA_TOPIC_PREFIX',
  'KAFKA_PARTITIONS',
  'REDIS_URL',
  'INTERNAL_SECRET',
  'SERVICE_URLS',
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** `DATA_DIR=memory://` keeps the database in memory (tests, demos): nothing is written to disk. */
export const IN_MEMORY_DATA_DIR = 'memory://';

/** The built front end of this checkout: shell at its root, remotes under `remotes/<name>/`. */
export const DEFAULT_FRONT_END_DIR = fileURLToPath(new URL('../../../../dist/web', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The validated configuration of one Yoman process. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where PGlite and the generated session key live; `memory://` for an in-memory database. */
  dataDir: string;
  /** When set, PostgreSQL through pg; else embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** A Postgres schema to keep every table in (tests on a shared server); not read from the environment. */
  databaseSchema?: string;
  /** 64 hex characters (32 bytes) for the session cookie's encryption key. */
  sessionSecret: string;
  cookieSecure: boolean;
  logLevel: LogLevel;
  /** Fallback USD→ILS rate as a decimal string, used when no rate source answers. */
  usdIlsRate: string;
  boiRatesUrl?: string;
  /** Fallback USD per 1 unit of other currencies (`FX_FALLBACK_RATES`), for forex crosses; absent: none. */
  fxFallbackRates?: Record<string, string>;
  frontEndDir: string;
  /** Remote name → URL of its `mf-manifest.json`, overriding the gateway's own. */
  remotesManifest?: Record<string, string>;
  kafkaBrokers?: string[];
  /** Prefix of every topic and consumer group (`yoman.`), so several installations can share a cluster. */
  kafkaTopicPrefix: string;
  /** Partitions of each module topic; the relay and the read-your-writes wait both place a stream by it. */
  kafkaPartitions: number;
  redisUrl?: string;
  /** BullMQ queue name (not from the environment; tests give each file its own). */
  jobsQueue?: string;
  /** 64 hex characters: the key that signs the caller header the gateway sends to services. */
  internalSecret?: string;
  /** Service name → base URL of its API process (`trade=http://trade-api:3010`); set on the gateway only. */
  serviceUrls?: Record<string, string>;
}

/** A missing or bad environment variable; its message is one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: ConfigVariable,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const nodeEnvSchema = z.enum(['development', 'production', 'test']);
const portSchema = z.coerce.number().int().min(0).max(65535);
const hostSchema = z.string().min(1);
const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const rateSchema = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number such as 3.70');
const httpUrlSchema = z.url({ protocol: /^https?$/ });
const booleanSchema = z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'] });
const postgresUrlSchema = z.url({ protocol: /^postgres(ql)?$/ });
const redisUrlSchema = z.url({ protocol: /^rediss?$/ });
const brokerSchema = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port');
const remotesSchema = z.record(z.string().regex(/^[a-z][\w-]*$/), z.string().min(1));
const serviceUrlsSchema = z.record(z.string().regex(/^[a-z][\w-]*$/), httpUrlSchema);
const topicPrefixSchema = z
  .string()
  .regex(/^[a-zA-Z0-9._-]{1,40}$/, 'must be letters, digits, dots, dashes or underscores');
const partitionsSchema = z.coerce.number().int().min(1).max(1000);
const hexKeySchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex chars');

/** Reads `name` from `env` through `schema`; an empty string counts as absent. */
function read<T>(env: Env, name: ConfigVariable, schema: z.ZodType<T>): T | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'is invalid';
    throw new ConfigError(name, `is invalid (${JSON.stringify(raw.slice(0, 60))}): ${reason}`);
  }
  return parsed.data;
}

/** `REMOTES_MANIFEST` is a JSON object `{"journal":"https://…/mf-manifest.json"}` or `journal=URL,leagues=URL`. */
function readRemotesManifest(env: Env): Record<string, string> | undefined {
  const raw = env.REMOTES_MANIFEST?.trim();
  if (!raw) return undefined;
  let candidate: unknown;
  if (raw.startsWith('{')) {
    try {
      candidate = JSON.parse(raw);
    } catch {
      throw new ConfigError('REMOTES_MANIFEST', 'is not valid JSON');
    }
  } else {
    candidate = Object.fromEntries(raw.split(',').map((pair) => pair.trim().split('=', 2)));
  }
  const parsed = remotesSchema.safeParse(candidate);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    throw new ConfigError('REMOTES_MANIFEST', 'must map remote names to manifest URLs (name=URL,…)');
  }
  return parsed.data;
}

/** `FX_FALLBACK_RATES` is `EUR=1.08,GBP=1.27,JPY=0.0066`: USD per 1 unit of each currency. */
function readFxFallbackRates(env: Env): Record<string, string> | undefined {
  const raw = env.FX_FALLBACK_RATES?.trim();
  if (!raw) return undefined;
  const rates: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const [currency = '', rate = ''] = pair.split('=', 2).map((part) => part.trim());
    const code = currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || !/^\d+(\.\d+)?$/.test(rate) || Number(rate) <= 0 || code in rates) {
      throw new ConfigError(
        'FX_FALLBACK_RATES',
        `is invalid: ${JSON.stringify(pair.trim().slice(0, 40))} must be CUR=USD per unit, once per currency (EUR=1.08,GBP=1.27)`,
      );
    }
    rates[code] = rate;
  }
  return rates;
}

/** `SERVICE_URLS` is `trade=http://trade-api:3010,league=http://league-api:3020`. */
function readServiceUrls(env: Env): Record<string, string> | undefined {
  const raw = env.SERVICE_URLS?.trim();
  if (!raw) return undefined;
  const candidate = Object.fromEntries(raw.split(',').map((pair) => pair.trim().split('=', 2)));
  const parsed = serviceUrlsSchema.safeParse(candidate);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    throw new ConfigError(
      'SERVICE_URLS',
      'must map service names to http(s) URLs (trade=http://trade-api:3010,…)',
    );
  }
  return parsed.data;
}

function readBrokers(env: Env): string[] | undefined {
  const raw = env.KAFKA_BROKERS?.trim();
  if (!raw) return undefined;
  const brokers = raw.split(',').map((broker) => broker.trim());
  for (const broker of brokers) {
    if (!brokerSchema.safeParse(broker).success) {
      throw new ConfigError('KAFKA_BROKERS', `is invalid: ${JSON.stringify(broker)} must be host:port`);
    }
  }
  return brokers;
}

function embeddedSessionSecret(dataDir: string): string {
  try {
    return resolveSessionSecret(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError('SESSION_SECRET', `is not set and ${dataDir}/session.key is unusable: ${reason}`);
  }
}

/** Validates the environment into a `Config`; throws `ConfigError` naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = read(env, 'NODE_ENV', nodeEnvSchema) ?? 'production';
  const databaseUrl = read(env, 'DATABASE_URL', postgresUrlSchema);
  const dataDir = read(env, 'DATA_DIR', z.string()) ?? './data';
  const configured = read(
    env,
    'SESSION_SECRET',
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex chars'),
  );
  if (configured === undefined && databaseUrl !== undefined) {
    throw new ConfigError('SESSION_SECRET', 'is required when DATABASE_URL is set (64 hex characters)');
  }
  const development = nodeEnv === 'development' || nodeEnv === 'test';
  return {
    nodeEnv,
    port: read(env, 'PORT', portSchema) ?? 3000,
    host: read(env, 'HOST', hostSchema) ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    sessionSecret: configured?.toLowerCase() ?? embeddedSessionSecret(dataDir),
    cookieSecure: read(env, 'COOKIE_SECURE', booleanSchema) ?? !development,
    logLevel: read(env, 'LOG_LEVEL', logLevelSchema) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    usdIlsRate: read(env, 'USD_ILS_RATE', rateSchema) ?? '3.70',
    boiRatesUrl: read(env, 'BOI_RATES_URL', httpUrlSchema),
    fxFallbackRates: readFxFallbackRates(env),
    frontEndDir: read(env, 'FRONT_END_DIR', z.string()) ?? DEFAULT_FRONT_END_DIR,
    remotesManifest: readRemotesManifest(env),
    kafkaBrokers: readBrokers(env),
    kafkaTopicPrefix: read(env, 'KAFKA_TOPIC_PREFIX', topicPrefixSchema) ?? 'yoman.',
    kafkaPartitions: read(env, 'KAFKA_PARTITIONS', partitionsSchema) ?? 3,
    redisUrl: read(env, 'REDIS_URL', redisUrlSchema),
    internalSecret: read(env, 'INTERNAL_SECRET', hexKeySchema)?.toLowerCase(),
    serviceUrls: readServiceUrls(env),
  };
}
