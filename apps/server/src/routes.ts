import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';

/** Every HTTP module, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(systemRoutes);
      await api.register(authRoutes);
    },
    { prefix: '/api' },
  );
}
