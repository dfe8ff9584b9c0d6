import { authenticated, type YomanModule } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import { identityMigrations } from './migrations';
import { authRoutes } from './routes/auth-routes';
import { settingsRoutes } from './routes/settings-routes';
import { profileImageRoutes, uploadTargetRoutes } from './uploads/upload-routes';
import { uploadsDirectoryOf } from './uploads/upload-store';
import { userSettingsProjection, usersProjection } from './user/users-projection';

const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(uploadTargetRoutes(uploadsDirectoryOf(app.platform.config.dataDir)));
  await app.register(async (signedIn) => {
    // Checked on request, before any body is read, so a signed-out caller always gets 401 first.
    signedIn.addHook('onRequest', authenticated);
    await signedIn.register(settingsRoutes);
    await signedIn.register(profileImageRoutes);
  });
};

/** Users, sessions and devices, settings and profile images. */
export const identityModule: YomanModule = {
  name: 'identity',
  migrations: identityMigrations,
  projections: [usersProjection, userSettingsProjection],
  routes: identityRoutes,
};
