import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';

/** Where a Docker client would look for the engine: DOCKER_HOST, else the usual socket. */
function dockerEndpoint(env = process.env) {
  const host = env.DOCKER_HOST;
  if (host?.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace('tcp://', 'http://'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  if (existsSync('/var/run/docker.sock')) return { socketPath: '/var/run/docker.sock' };
  return undefined;
}

/** True when a Docker engine answers `GET /_ping` within a second. */
export function dockerEngineReachable(env = process.env) {
  const endpoint = dockerEndpoint(env);
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const ping = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('timeout', () => ping.destroy());
    ping.on('error', () => resolve(false));
    ping.end();
  });
}

/** True when the `testcontainers` package can be imported from the repository. */
export function testcontainersInstalled() {
  try {
    createRequire(import.meta.url).resolve('testcontainers');
    return true;
  } catch {
    return false;
  }
}
