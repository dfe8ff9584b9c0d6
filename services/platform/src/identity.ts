/** The signed-in caller as every module sees it (set by the gateway's session check). */
export interface Caller {
  userId: string;
  sessionId: string;
  role: 'mentor' | 'student';
  organisationId: string | null;
  /**
   * What the gateway tells a service about the caller beyond the session (the trade service's display zone
   * and lock policy), carried in the signed caller header; absent in the embedded mode.
   */
  context?: Readonly<Record<string, unknown>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Present after the `requireCaller` hook; undefined on public routes. */
    caller?: Caller;
  }
}
