import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { YomanModule } from '../module';
import { forbidden, unauthenticated } from './errors';

/**
 * Who may make a call (the contracts' `RouteAccess`): `public` anyone; `capability` anyone holding the
 * one-time token in its path; `signed-in` a session (401 otherwise); `mentor` a mentor's session (403 otherwise).
 */
export type RouteAccess = 'public' | 'capability' | 'signed-in' | 'mentor';

/** One /api call as the contracts' route table declares it: `PUT /api/trades/{id}`, signed-in. */
export interface DeclaredRoute {
  /** Its stable name: the operationId in the API document. */
  id?: string;
  method: string;
  /** OpenAPI form: `/api/trades/{id}`. */
  path: string;
  access: RouteAccess;
  /** Whether the call has path parameters, a query, headers or a JSON body (the schemas, unread here). */
  params?: unknown;
  query?: unknown;
  headers?: unknown;
  body?: unknown;
  /** Refusals beyond those its shape implies (`errorStatusesOf`): a wrong password's 401, a throttle's 429… */
  refusals?: readonly number[];
  /** Calls its success answer leads to: the next call's id → its parameters as runtime expressions. */
  links?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from the route table when the route is registered; read by the one access check. */
    access?: RouteAccess;
  }
}

/** Routes every app serves beside the modules' own, open to all: the API description. */
const PLATFORM_ROUTES: readonly DeclaredRoute[] = [
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
];

const keyOf = (method: string, fastifyPath: string) => `${method.toUpperCase()} ${fastifyPath}`;
const fastifyPathOf = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/** The calls an app declares: its modules' rows plus any it serves for others (the gateway's proxies). */
export function declaredRoutesOf(
  modules: readonly YomanModule[],
  extra: readonly DeclaredRoute[] = [],
): DeclaredRoute[] {
  return [...PLATFORM_ROUTES, ...modules.flatMap((m) => m.declaredRoutes ?? []), ...extra];
}

/** The route table of an app: its modules' declared calls plus any it serves for others (the gateway's proxies). */
export function accessTableOf(
  modules: readonly YomanModule[],
  extra: readonly DeclaredRoute[] = [],
): Map<string, RouteAccess> {
  const table = new Map<string, RouteAccess>();
  for (const route of declaredRoutesOf(modules, extra)) {
    table.set(keyOf(route.method, fastifyPathOf(route.path)), route.access);
  }
  return table;
}

/** A module registered an /api route its table does not declare: a programming error, stopped at start-up. */
export class UndeclaredRouteError extends Error {
  constructor(method: string, url: string) {
    super(
      `${method} ${url} is not declared in the contracts' route table: declare it there with its access ` +
        '(public, capability, signed-in or mentor) and list it in its module’s declaredRoutes',
    );
    this.name = 'UndeclaredRouteError';
  }
}

/**
 * Gives every /api route its access from the table as it is registered, and refuses one the table lacks, so
 * no call can be served without a declared rule. Add before any route is registered.
 */
export function declareRouteAccess(app: FastifyInstance, table: ReadonlyMap<string, RouteAccess>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const accesses = methods.map((method) => {
      // Fastify answers HEAD with the GET route.
      const access = table.get(keyOf(method === 'HEAD' ? 'GET' : method, route.url));
      if (!access) throw new UndeclaredRouteError(method, route.url);
      return access;
    });
    if (new Set(accesses).size > 1) throw new UndeclaredRouteError(methods.join('|'), route.url);
    route.config = { ...route.config, access: accesses[0] };
  });
}

/** The one access check, on request before any body is read: 401 signed out, 403 for a role the call is not for. */
export async function checkRouteAccess(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config?.access;
  if (access === undefined || access === 'public' || access === 'capability') return;
  if (!request.caller) throw unauthenticated();
  if (access === 'mentor' && request.caller.role !== 'mentor') {
    throw forbidden('הפעולה זמינה למנטורים בלבד');
  }
}
