import type { z } from 'zod';
import { communityRoutes } from './routes/community';
import { identityRoutes } from './routes/identity';
import { journalExtraRoutes, journalRoutes } from './routes/journal';

export type { ApiRoute, HttpMethod } from './routes/route';
export { fastifyPathOf, pathWith } from './routes/route';

/** The calls of spec §7, one entry each (34): the list the OpenAPI paths are checked against. */
export const apiRoutes = [...identityRoutes, ...journalRoutes, ...communityRoutes] as const;

/** Calls the product needs beyond spec §7's table. */
export const beyondSpecRoutes = [...journalExtraRoutes] as const;

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
