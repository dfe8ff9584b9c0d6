import type { FastifyRequest } from 'fastify';
import type { Caller } from '../identity';
import { unauthenticated } from './errors';

/** The signed-in caller of a request, or a 401 when there is none. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated();
  return request.caller;
}

/** A preHandler for routes that need a signed-in caller (401 otherwise). */
export async function authenticated(request: FastifyRequest): Promise<void> {
  requireCaller(request);
}
