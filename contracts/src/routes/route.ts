import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One HTTP call: where it lives, who may make it and the schemas of its parts. */
export interface ApiRoute {
  /** Stable name, used as the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** OpenAPI form: '/api/setups/{id}'. */
  path: string;
  summary: string;
  tag: 'identity' | 'journal' | 'setups' | 'leagues' | 'market' | 'notifications' | 'mentor';
  /** public: anyone; signed-in: a session is needed (401 otherwise); mentor: a mentor's session (403 otherwise). */
  access: 'public' | 'signed-in' | 'mentor';
  params?: z.ZodType;
  query?: z.ZodType;
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
