import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Whether a browser's `Origin` header names the host the request was sent to. */
export function isSameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Refuses a state-changing request that a browser sent from another site (cross-site request forgery);
 * requests without `Origin` (same-origin GETs, curl, server-to-server) are not browsers' cross-site posts.
 */
export async function refuseCrossOriginWrites(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!isSameOrigin(origin, request.host)) {
    throw new AppError(403, 'BAD_ORIGIN', 'הבקשה נדחתה כי נשלחה מאתר אחר');
  }
}
