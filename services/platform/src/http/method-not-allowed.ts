import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { answerNotFound, METHOD_NOT_ALLOWED } from './error-handler';

/** One registered /api path (Fastify form, `/api/trades/:id`) with the methods it serves. */
interface ServedPath {
  segments: string[];
  methods: Set<string>;
}

const segmentsOf = (path: string) => path.split('/');

/** Whether a request path is one a route pattern serves: the same segments, a parameter standing for any one. */
function matches(pattern: string[], request: string[]): boolean {
  if (pattern.length !== request.length) return false;
  return pattern.every(
    (segment, index) => segment === request[index] || (segment.startsWith(':') && request[index] !== ''),
  );
}

/**
 * Remembers the methods every /api path serves as routes are registered, and answers a request for one of
 * those paths with a method it does not serve 405, an `Allow` header and the app's error shape, instead of 404.
 * Returns the not-found handler to set on the /api prefix; add before any route is registered.
 */
export function answerUnservedMethods(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const served = new Map<string, ServedPath>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const entry = served.get(route.url) ?? { segments: segmentsOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method.toUpperCase());
    served.set(route.url, entry);
  });
  return (request, reply) => {
    const path = segmentsOf(request.url.split('?', 1)[0] ?? '');
    const allowed = new Set<string>();
    for (const entry of served.values()) {
      if (matches(entry.segments, path)) for (const method of entry.methods) allowed.add(method);
    }
    if (allowed.size === 0) return answerNotFound(request, reply);
    return reply
      .status(405)
      .header('allow', [...allowed].sort().join(', '))
      .send(METHOD_NOT_ALLOWED);
  };
}
