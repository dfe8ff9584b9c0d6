import type { z } from 'zod';
import { communityRoutes } from './routes/community';
import { fileRoutes } from './routes/files';
import { identityRoutes } from './routes/identity';
import { journalExtraRoutes, journalRoutes } from './routes/journal';
import { MODULE_OF_TAG } from './routes/route';

export { fileRoutes } from './routes/files';
export type { ApiRoute, FileRoute, HttpMethod, RouteAccess, RouteTag } from './routes/route';
export { fastifyPathOf, MODULE_OF_TAG, pathWith } from './routes/route';

/** The calls of spec §7, one entry each (34): the list the OpenAPI paths are checked against. */
export const apiRoutes = [...identityRoutes, ...journalRoutes, ...communityRoutes] as const;

/** Calls the product needs beyond spec §7's table. */
export const beyondSpecRoutes = [...journalExtraRoutes] as const;

/**
 * Every call any Yoman process serves under /api, JSON and file alike, each with its access and its tag (and
 * so its service): the one table the HTTP apps enforce access from and the gateway proxies by.
 */
export const declaredRoutes = [...apiRoutes, ...beyondSpecRoutes, ...fileRoutes] as const;

/** The module that serves a route (`trade` for the journal's and setups' calls). */
export function moduleOfRoute(route: { tag: keyof typeof MODULE_OF_TAG }): string {
  return MODULE_OF_TAG[route.tag];
}

/**
 * The calls one module serves (`routesOfModule('trade')`): what it declares, the HTTP app checks access by, and
 * the gateway proxies to the service that runs it.
 */
export function routesOfModule(module: string) {
  return declaredRoutes.filter((route) => moduleOfRoute(route) === module);
}

type AnyRoute = (typeof apiRoutes)[number] | (typeof beyondSpecRoutes)[number];
export type ApiRouteId = AnyRoute['id'];
type RouteById<Id extends ApiRouteId> = Extract<AnyRoute, { id: Id }>;

/** The parsed answer of a route: `ApiResponse<'listTrades'>` is `Trade[]`. */
export type ApiResponse<Id extends ApiRouteId> = z.infer<RouteById<Id>['response']>;
/** What a client sends as a route's body (before the server's normalisation). */
export type ApiBody<Id extends ApiRouteId> =
  RouteById<Id> extends { body: z.ZodType } ? z.input<RouteById<Id>['body']> : never;
/** What a client sends as a route's query. */
export type ApiQuery<Id extends ApiRouteId> =
  RouteById<Id> extends { query: z.ZodType } ? z.input<RouteById<Id>['query']> : never;

/** The route with this id. */
export function apiRouteById<Id extends ApiRouteId>(id: Id): RouteById<Id> {
  const found = [...apiRoutes, ...beyondSpecRoutes].find((route) => route.id === id);
  if (!found) throw new Error(`Unknown API route id: ${id}`);
  return found as RouteById<Id>;
}
