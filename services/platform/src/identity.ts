/**
 * The signed-in caller as every module sees it (set by the gateway's session check): identity only. What else a
 * module needs to know of a user it keeps in a read model of its own, fed by identity's events.
 */
export interface Caller {
  userId: string;
  sessionId: string;
  role: 'mentor' | 'student';
  organisationId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Present after the `requireCaller` hook; undefined on public routes. */
    caller?: Caller;
  }
}
