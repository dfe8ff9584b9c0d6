// Picks the PostgreSQL, Redis and Kafka the infra suite talks to: the ones named by DATABASE_URL,
// REDIS_URL and KAFKA_BROKERS; else containers when a Docker engine and testcontainers are there; else
// throwaway local servers started by infra/local.
import { startPostgresContainer, startRedisContainer } from './containers.mjs';
import { dockerEngineReachable, testcontainersInstalled } from './docker-engine.mjs';
import { startKafka } from './local/kafka.mjs';
import { startPostgres } from './local/postgres.mjs';
import { startRedis } from './local/redis.mjs';

/** How servers will be started when the environment names none. */
export async function serverSource(env = process.env) {
  if (!(await dockerEngineReachable(env))) return { kind: 'local', why: 'no Docker engine reachable' };
  if (!testcontainersInstalled()) {
    return {
      kind: 'local',
      why: 'a Docker engine is reachable but the testcontainers package is not installed',
    };
  }
  return { kind: 'containers', why: 'a Docker engine is reachable' };
}

async function timed(label, start) {
  const started = Date.now();
  const server = await start();
  return { ...server, label, startMs: Date.now() - started };
}

/**
 * The servers for one run: `{ databaseUrl, redisUrl, kafkaBrokers?, started: [{ label, startMs }], stop() }`.
 * Kafka only with `withKafka` or a given KAFKA_BROKERS. `stop()` stops exactly what this call started, never a server it was given.
 */
export async function provideServers({ withKafka = false, env = process.env, log = console.log } = {}) {
  const source = await serverSource(env);
  const started = [];
  const stop = async () => {
    await Promise.allSettled(started.map((server) => server.stop()));
  };
  const pick = async (label, given, local, container) => {
    if (given) {
      log(`  ${label}: given (${redact(given)})`);
      return given;
    }
    const useContainer = source.kind === 'containers' && container;
    const server = await timed(label, useContainer ? container : local);
    started.push(server);
    log(
      `  ${label}: started ${useContainer ? 'a container' : 'locally'} in ${(server.startMs / 1000).toFixed(1)} s`,
    );
    return server.url ?? server.brokers;
  };
  try {
    log(`servers (${source.kind === 'containers' ? 'testcontainers' : 'local'}: ${source.why})`);
    const databaseUrl = await pick('PostgreSQL', env.DATABASE_URL, startPostgres, startPostgresContainer);
    const redisUrl = await pick('Redis', env.REDIS_URL, startRedis, startRedisContainer);
    const kafkaBrokers =
      withKafka || env.KAFKA_BROKERS
        ? await pick('Kafka', env.KAFKA_BROKERS, startKafka, undefined)
        : undefined;
    return { databaseUrl, redisUrl, kafkaBrokers, started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A URL without its password, for logs. */
export function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
