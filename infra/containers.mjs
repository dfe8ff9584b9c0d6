// The servers as containers, for machines with a Docker engine (testcontainers removes them when this
// process ends, even if it crashes). Kafka stays on the local jar broker: its advertised listener must
// name a port known before start, which a container's random mapped port is not.
const POSTGRES_IMAGE = 'postgres:15';
const REDIS_IMAGE = 'redis:7';

/** Starts PostgreSQL in a container; returns its URL and `stop()`. */
export async function startPostgresContainer() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(POSTGRES_IMAGE)
    .withEnvironment({ POSTGRES_USER: 'yoman', POSTGRES_PASSWORD: 'yoman-local', POSTGRES_DB: 'yoman' })
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'])
    .withExposedPorts(5432)
    // The image's entrypoint starts the server twice (init, then for real): wait for the second.
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const url = `postgres://yoman:yoman-local@${container.getHost()}:${container.getMappedPort(5432)}/yoman`;
  return { url, stop: () => container.stop() };
}

/** Starts Redis in a container with persistence off; returns its URL and `stop()`. */
export async function startRedisContainer() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(REDIS_IMAGE)
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();
  return {
    url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
    stop: () => container.stop(),
  };
}
