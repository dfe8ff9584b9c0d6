import { rm } from 'node:fs/promises';
import { routesOfModule } from '@yoman/contracts';
import { IN_MEMORY_DATA_DIR, type YomanModule } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import { identityMigrations } from './migrations';
import { authRoutes } from './routes/auth-routes';
import { settingsRoutes } from './routes/settings-routes';
import { profileImageRoutes, uploadTargetRoutes } from './uploads/upload-routes';
import { uploadsDirectoryOf } from './uploads/upload-store';
import { userSettingsProjection, usersProjection } from './user/users-projection';

const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  const { dataDir } = app.platform.config;
  const uploadsDirectory = uploadsDirectoryOf(dataDir);
  // An in-memory installation keeps its uploads in a temporary folder that must not outlive it.
  if (dataDir.startsWith(IN_MEMORY_DATA_DIR)) {
    app.addHook('onClose', () => rm(uploadsDirectory, { recursive: true, force: true }));
  }
  await app.register(uploadTargetRoutes(uploadsDirectory));
  // Who may call each route is the route table's to say (declaredRoutes), checked once by the HTTP app.
  await app.register(settingsRoutes);
  await app.register(profileImageRoutes);
};

/** Users, sessions and devices, settings and profile images. */
export const identityModule: YomanModule = {
  name: 'identity',
  migrations: identityMigrations,
  projections: [usersProjection, userSettingsProjection],
  routes: identityRoutes,
  declaredRoutes: routesOfModule('identity'),
};
