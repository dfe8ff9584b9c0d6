import { randomUUID } from 'node:crypto';
import { IdParams, Setup, SetupBody, SetupList } from '@yoman/contracts';
import { type Caller, type Platform, requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SetupCommand, setupNotFound } from './decider';
import { runSetupCommand } from './setup-commands';
import { findSetup, listSetups } from './setup-queries';

const metadataOf = (caller: Caller) => ({ userId: caller.userId, organisationId: caller.organisationId });

async function readBack(platform: Platform, caller: Caller, setupId: string) {
  const setup = await findSetup(platform.db, caller.userId, setupId);
  if (!setup) throw setupNotFound();
  return setup;
}

/** GET/POST /api/setups, PUT /api/setups/{id}, POST …/archive and …/restore: a student's own setups. */
export const setupRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const run = async (caller: Caller, command: (now: Date) => SetupCommand) => {
    const { platform } = app;
    const built = command(platform.clock.now());
    await runSetupCommand(platform, built, metadataOf(caller));
    return readBack(platform, caller, built.data.setupId);
  };

  app.get('/setups', { schema: { response: { 200: SetupList } } }, async (request) =>
    listSetups(app.platform.db, requireCaller(request).userId),
  );

  app.post('/setups', { schema: { body: SetupBody, response: { 201: Setup } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const setupId = randomUUID();
    const setup = await run(caller, (now) => ({
      type: 'CreateSetup',
      data: { setupId, userId: caller.userId, fields: request.body },
      metadata: { now },
    }));
    return reply.status(201).send(setup);
  });

  app.put(
    '/setups/:id',
    { schema: { params: IdParams, body: SetupBody, response: { 200: Setup } } },
    async (request) => {
      const caller = requireCaller(request);
      return run(caller, (now) => ({
        type: 'EditSetup',
        data: { setupId: request.params.id, userId: caller.userId, fields: request.body },
        metadata: { now },
      }));
    },
  );

  app.post(
    '/setups/:id/archive',
    { schema: { params: IdParams, response: { 200: Setup } } },
    async (request) => {
      const caller = requireCaller(request);
      return run(caller, (now) => ({
        type: 'ArchiveSetup',
        data: { setupId: request.params.id, userId: caller.userId },
        metadata: { now },
      }));
    },
  );

  app.post(
    '/setups/:id/restore',
    { schema: { params: IdParams, response: { 200: Setup } } },
    async (request) => {
      const caller = requireCaller(request);
      return run(caller, (now) => ({
        type: 'RestoreSetup',
        data: { setupId: request.params.id, userId: caller.userId },
        metadata: { now },
      }));
    },
  );
};
