import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * No answer that carries a person's data or sets a cookie is kept by a browser or a proxy: every answer of a
 * route that needs a session (refusals too), and any answer that sets a cookie. Public answers (the API
 * description, profile images, the front end's hashed assets) keep the caching their routes give them.
 */
export async function forbidStoringPersonalAnswers(request: FastifyRequest, reply: FastifyReply) {
  const access = request.routeOptions.config?.access;
  const personal = access === 'signed-in' || access === 'mentor';
  if (personal || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
}
