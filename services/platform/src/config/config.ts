import type { Env } from './config-error';
import { platformVariables } from './platform-variables';
import type { ModuleConfigSpec, VariableSpec } from './variables';

export { ConfigError, type Env } from './config-error';
export { platformVariables } from './platform-variables';

/** `DATA_DIR=memory://` keeps the database in memory (tests, demos): nothing is written to disk. */
export const IN_MEMORY_DATA_DIR = 'memory://';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The validated configuration of one Yoman process (the platform's variables; modules read their own). */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where PGlite (and the gateway's generated session key) live; `memory://` for an in-memory database. */
  dataDir: string;
  /** When set, PostgreSQL through pg; else embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** A Postgres schema to keep every table in (tests on a shared server); not read from the environment. */
  databaseSchema?: string;
  logLevel: LogLevel;
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
  /** The environment this was read from: each module's own variables are read from it when the platform starts. */
  environment: Env;
}

/** Validates the platform's variables in `env` into a `Config`; throws `ConfigError` naming the first bad one. */
export function loadConfig(env: Env = process.env): Config {
  const read = platformVariables.load(env);
  const nodeEnv = read.NODE_ENV;
  return {
    nodeEnv,
    port: read.PORT,
    host: read.HOST,
    dataDir: read.DATA_DIR,
    databaseUrl: read.DATABASE_URL,
    logLevel: read.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    kafkaBrokers: read.KAFKA_BROKERS,
    kafkaTopicPrefix: read.KAFKA_TOPIC_PREFIX,
    kafkaPartitions: read.KAFKA_PARTITIONS,
    redisUrl: read.REDIS_URL,
    internalSecret: read.INTERNAL_SECRET?.toLowerCase(),
    environment: env,
  };
}

/**
 * Every variable Yoman reads with `modules` mounted: the platform's and each module's own, by name.
 * docker-compose, the Kubernetes manifests and the README's table are checked against it.
 */
export function allConfigVariables(
  modules: readonly { name: string; config?: ModuleConfigSpec }[],
): Readonly<Record<string, VariableSpec>> {
  const all: Record<string, VariableSpec> = { ...platformVariables.variables };
  const owners = new Map(Object.keys(all).map((name) => [name, 'platform']));
  for (const module of modules) {
    for (const [name, spec] of Object.entries(module.config?.variables ?? {})) {
      const owner = owners.get(name);
      if (owner !== undefined && all[name] !== spec) {
        throw new Error(`${name} is declared by both ${owner} and ${module.name}`);
      }
      owners.set(name, module.name);
      all[name] = spec;
    }
  }
  return all;
}
