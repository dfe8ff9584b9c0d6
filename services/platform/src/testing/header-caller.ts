import fp from 'fastify-plugin';

/**
 * Test-only stand-in for the gateway's session plugin: `x-test-user` signs the request in as that user, with
 * `x-test-role` (`mentor`; otherwise `student`) and `x-test-organisation` when given.
 */
export const headerCaller = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const userId = request.headers['x-test-user'];
      if (typeof userId !== 'string') return;
      const organisation = request.headers['x-test-organisation'];
      request.caller = {
        userId,
        sessionId: `session-${userId}`,
        role: request.headers['x-test-role'] === 'mentor' ? 'mentor' : 'student',
        organisationId: typeof organisation === 'string' ? organisation : null,
      };
    });
  },
  { name: 'yoman-test-header-caller' },
);
