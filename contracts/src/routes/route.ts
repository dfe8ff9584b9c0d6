import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call, declared once here and enforced once, by the HTTP app of every process:
 * - `public`: anyone (sign-in, registration);
 * - `capability`: anyone holding the one-time token in the path (an upload target, like a presigned URL);
 * - `signed-in`: a session is needed (401 otherwise); what the caller then sees is scoped to them;
 * - `mentor`: a mentor's session (401 signed out, 403 for anyone else).
 */
export type RouteAccess = 'public' | 'capability' | 'signed-in' | 'mentor';

/** The module that serves a route, by the route's tag: it declares the route, and the gateway proxies by it. */
export const MODULE_OF_TAG = {
  identity: 'identity',
  journal: 'trade',
  setups: 'trade',
  leagues: 'league',
  market: 'market',
  notifications: 'notification',
  mentor: 'mentor',
} as const;
export type RouteTag = keyof typeof MODULE_OF_TAG;

/**
 * An error status a call answers beyond those its row's shape already implies (access, parameters, body, a
 * state change: see the platform's `errorStatusesOf`), declared on the row so the API document lists it.
 */
export type RefusalStatus = 401 | 404 | 409 | 422 | 429;

/** What every call declares: its name, where it lives, its module (by tag) and who may make it. */
interface DeclaredCall {
  /** Stable name, used as the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** OpenAPI form: '/api/setups/{id}'. */
  path: string;
  summary: string;
  tag: RouteTag;
  access: RouteAccess;
  params?: z.ZodType;
  /** What else it refuses with: a wrong password's 401, a throttle's 429, a broken trading rule's 422. */
  refusals?: readonly RefusalStatus[];
  /**
   * Calls its success answer leads to (OpenAPI links, which a stateful fuzzer follows): the next call's id →
   * its parameters, each a runtime expression (`{ editTrade: { id: '$response.body#/id' } }`).
   */
  links?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** One JSON call: its declaration and the schemas of its parts. */
export interface ApiRoute extends DeclaredCall {
  query?: z.ZodType;
  /** Request headers it reads beyond the session cookie (POST /api/trades's idempotency key). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The success answer; failures answer ErrorBody. */
  response: z.ZodType;
  /** Status of the success answer when it is not 200. */
  status?: 201;
}

/** An OpenAPI path in Fastify's form: '/api/setups/{id}' → '/api/setups/:id'. */
export function fastifyPathOf(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/** A path with its parameters filled in: ('/api/setups/{id}', { id: 'x' }) → '/api/setups/x'. */
export function pathWith(openApiPath: string, params: Record<string, string>): string {
  return openApiPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * A call whose body or answer is a file, not JSON (upload targets, image downloads): declared beside the JSON
 * routes with its access, so the gateway proxies it and the access check covers it like any other.
 */
export interface FileRoute extends DeclaredCall {
  /** `upload`: the body is the file's bytes; `download`: the answer is. */
  file: 'upload' | 'download';
}
