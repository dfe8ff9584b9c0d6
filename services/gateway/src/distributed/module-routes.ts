import type { Platform, YomanModule } from '@yoman/platform';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The URLs a module's routes answer under `/api` (`/api/trades/:id`), read by registering them on a
 * scratch app: what the gateway proxies is what the service serves, never a list kept by hand.
 */
export async function apiUrlsOf(module: YomanModule, platform: Platform): Promise<string[]> {
  const scratch = Fastify({ logger: false });
  scratch.setValidatorCompiler(validatorCompiler);
  scratch.setSerializerCompiler(serializerCompiler);
  scratch.decorate('platform', platform);
  const urls = new Set<string>();
  scratch.addHook('onRoute', (route) => {
    urls.add(route.url);
  });
  try {
    if (module.routes) await scratch.register(module.routes, { prefix: '/api' });
    await scratch.ready();
  } finally {
    await scratch.close();
  }
  return [...urls].sort();
}
